import os
import resource

import torch
import torch.multiprocessing as mp


def receive(inbox, outbox, raise_limit):
    # Few free file descriptors in this child: 16 more than it has open.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = min(hard, 4096) if raise_limit else len(os.listdir("/proc/self/fd")) + 16
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    try:
        tensors = inbox.get()  # unpickling maps each tensor's shared memory
        outbox.put(f"received {len(tensors)} tensors")
    except RuntimeError as e:
        outbox.put(f"{type(e).__name__}: {str(e).splitlines()[0]}")


def send(label, strategy, raise_limit=False):
    mp.set_sharing_strategy(strategy)  # decides how the sender pickles each storage
    context = mp.get_context("fork")
    inbox, outbox = context.Queue(), context.Queue()
    child = context.Process(target=receive, args=(inbox, outbox, raise_limit))
    child.start()
    inbox.put([torch.full((4,), float(i)) for i in range(100)])  # 100 storages
    print(f"{label:34}", outbox.get(timeout=60))
    child.join()


if __name__ == "__main__":
    print("sharing strategy:", mp.get_sharing_strategy())
    print("available:", sorted(mp.get_all_sharing_strategies()))
    send("file_descriptor, low fd limit:", "file_descriptor")
    send("file_system, low fd limit:", "file_system")
    send("file_descriptor, limit 4096:", "file_descriptor", raise_limit=True)
    mp.set_sharing_strategy("file_descriptor")
