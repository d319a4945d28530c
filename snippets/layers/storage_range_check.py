import os
import tempfile

import numpy as np
import torch


def same_storage(x, y):
    """The simple check: both storages start at the same address."""
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


def storages_overlap(x, y):
    """The range check: do the byte ranges [start, start + nbytes) of the storages overlap?"""
    if x.device != y.device:
        return False
    sx, sy = x.untyped_storage(), y.untyped_storage()
    x_start, y_start = sx.data_ptr(), sy.data_ptr()
    return x_start < y_start + sy.nbytes() and y_start < x_start + sx.nbytes()


def write_reaches(x, y):
    before = x.clone()
    y.add_(1.0)
    return not torch.equal(x, before)


n = np.zeros(6, dtype=np.float32)
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "six_floats.bin")
    n.tofile(path)
    a = torch.zeros(6)
    cases = {
        "a, a[3:]": (a, a[3:]),
        "a, a.clone()": (a, a.clone()),
        "from_numpy(n), from_numpy(n[3:])": (torch.from_numpy(n), torch.from_numpy(n[3:])),
        "one file mapped twice": (
            torch.from_file(path, shared=True, size=6),
            torch.from_file(path, shared=True, size=6),
        ),
    }
    print(f"{'':<34}{'simple check':<14}{'range check':<13}a write to one reaches the other")
    for name, (x, y) in cases.items():
        simple, ranges = same_storage(x, y), storages_overlap(x, y)
        print(f"{name:<34}{simple!s:<14}{ranges!s:<13}{write_reaches(x, y)}")
