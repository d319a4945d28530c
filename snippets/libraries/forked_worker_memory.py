# Linux only: reads /proc/self/smaps_rollup and forks, as DataLoader workers do by default there.
import os

import numpy as np
import torch

N = 1_000_000
THRESHOLD_MIB = 8  # a list of 1e6 floats is about 31 MiB of objects; an array copies ~nothing


def private_mib():
    """Memory that only this process holds: pages it has copied since the fork."""
    with open("/proc/self/smaps_rollup") as rollup:
        fields = dict(line.split(":", 1) for line in rollup if ":" in line)
    return sum(int(fields[k].split()[0]) for k in ("Private_Clean", "Private_Dirty")) / 1024


def read_all(data):
    if isinstance(data, list):
        total = 0.0
        for value in data:  # only reads, but each access writes the object's refcount
            total += value
        return total
    return float(data.sum())


def grown_in_child(data):
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the "worker"
        torch.set_num_threads(1)  # as DataLoader does in each worker
        before = private_mib()
        read_all(data)
        os.write(write_end, str(private_mib() - before).encode())
        os._exit(0)
    os.close(write_end)
    grown = float(os.read(read_end, 64))
    os.waitpid(pid, 0)
    os.close(read_end)
    return grown


datasets = {
    "list of floats": [float(i) for i in range(N)],
    "numpy array": np.arange(N, dtype=np.float64),
    "tensor": torch.arange(N, dtype=torch.float64),
}
for name, data in datasets.items():
    grown = grown_in_child(data)
    verdict = (
        f"many (> {THRESHOLD_MIB} MiB)" if grown > THRESHOLD_MIB else f"few (< {THRESHOLD_MIB} MiB)"
    )
    print(f"{name}: pages copied by reading it: {verdict}")
