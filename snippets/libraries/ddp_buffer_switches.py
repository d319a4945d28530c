import datetime
import os
import queue
import socket
import time
import warnings

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

    def forward(self, x):
        return self.linear(x) * self.scale


def step(model):
    model(torch.ones(1, 2)).sum().backward()


def wrapped(rank, **switch):
    """Rank 1 writes its own buffer before DDP sees the module."""
    inner = Scaled()
    inner.scale.fill_(rank + 1.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = DistributedDataParallel(inner, **switch)
    warned = sorted({w.category.__name__ for w in caught})
    return model, inner, warned


def worker(rank, port, results):
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    timeout = datetime.timedelta(seconds=30)
    dist.init_process_group("gloo", rank=rank, world_size=2, timeout=timeout)
    lines = []

    for switch in ({}, {"forward_sync_buffers": False}, {"broadcast_buffers": False}):
        model, inner, warned = wrapped(rank, **switch)
        at_start = inner.scale.tolist()
        inner.scale.fill_(rank + 1.0)
        step(model)
        lines.append(
            f"{switch or 'defaults'}: after construction {at_start}"
            f" | after a forward {inner.scale.tolist()} | warnings {warned}"
        )

    model, inner, _ = wrapped(rank)
    with model.no_sync():  # gradient accumulation: no all-reduce in this step
        step(model)
    inner.scale.fill_(rank + 1.0)
    step(model)
    lines.append(f"forward after a no_sync() step: {inner.scale.tolist()}")

    inner = Scaled()
    DistributedDataParallel._set_params_and_buffers_to_ignore_for_model(inner, ["scale"])
    model = DistributedDataParallel(inner)
    inner.scale.fill_(rank + 1.0)
    step(model)
    step(model)
    lines.append(f"ignored buffer after two steps: {inner.scale.tolist()}")

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
    for line in by_rank[1]:
        print(f"rank 1: {line}")
