import datetime
import os
import queue
import socket
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn
from torch.nn.parallel import DistributedDataParallel


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("scale", torch.ones(2))
        self.plain = torch.zeros(1)  # a tensor attribute, not a registered buffer

    def forward(self, x):
        return self.linear(x) * self.scale


def step(model):
    model(torch.ones(1, 2)).sum().backward()


def worker(rank, port, results):
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    timeout = datetime.timedelta(seconds=30)
    dist.init_process_group("gloo", rank=rank, world_size=2, timeout=timeout)
    model = DistributedDataParallel(Scaled())
    inner = model.module
    lines = []

    inner.scale.fill_(rank + 1.0)
    inner.plain.fill_(rank + 1.0)
    step(model)
    lines.append(f"buffer after forward: {inner.scale.tolist()}")
    lines.append(f"plain attribute: {inner.plain.item()}")

    inner.scale = torch.full((2,), 10.0 * (rank + 1))  # rebound, still a buffer
    step(model)
    lines.append(f"rebound buffer after forward: {inner.scale.tolist()}")

    model.eval()  # the mode does not matter to DDP, gradients being enabled does
    inner.scale.fill_(rank + 1.0)
    step(model)
    lines.append(f"eval() forward with gradients: {inner.scale.tolist()}")
    model.train()

    first = model(torch.ones(1, 2)).sum()
    second = model(torch.ones(1, 2)).sum()  # broadcasts into scale again
    (first + second).backward()
    lines.append("two forwards, one backward: no error")

    with torch.no_grad():
        model(torch.ones(1, 2))  # after this forward, DDP stops syncing buffers
        inner.scale.fill_(rank + 1.0)
        model(torch.ones(1, 2))
    lines.append(f"buffer after a second no_grad forward: {inner.scale.tolist()}")

    results.put((rank, lines))
    dist.barrier()  # neither rank tears the group down while the other still uses it
    dist.destroy_process_group()


def stop(workers):
    for process in workers.processes:
        if process.is_alive():
            process.kill()
        process.join()


if __name__ == "__main__":
    with socket.socket() as probe:  # a free port on this machine only
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    results = mp.get_context("fork").Queue()
    workers = mp.start_processes(
        worker, args=(port, results), nprocs=2, start_method="fork", join=False
    )
    deadline = time.monotonic() + 60  # bounded: never wait for a stuck rank
    by_rank = {}
    while len(by_rank) < 2:
        if time.monotonic() > deadline:
            stop(workers)
            raise TimeoutError("the two ranks did not finish within 60 s")
        try:
            rank, lines = results.get(timeout=1)
            by_rank[rank] = lines
        except queue.Empty:
            workers.join(timeout=0)  # raises if a rank failed, after stopping the other
    teardown = time.monotonic() + 10  # the results are in; a rank stuck on exit is stopped
    while not workers.join(timeout=1):
        if time.monotonic() > teardown:
            stop(workers)
            break
    for rank in (0, 1):
        for line in by_rank[rank]:
            print(f"rank {rank}: {line}")
