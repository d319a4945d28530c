import numpy as np
import torch


def same_storage(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


def storages_overlap(x, y):
    sx, sy = x.untyped_storage(), y.untyped_storage()
    if x.device != y.device or sx.nbytes() == 0 or sy.nbytes() == 0:
        return False
    x_start, y_start = sx.data_ptr(), sy.data_ptr()
    return x_start < y_start + sy.nbytes() and y_start < x_start + sx.nbytes()


a = torch.arange(6.0)
n = np.arange(6.0)
pairs = {
    "a, a[3:]": (a, a[3:]),
    "from_numpy(n), from_numpy(n[3:])": (torch.from_numpy(n), torch.from_numpy(n[3:])),
    "two empty tensors": (torch.empty(0), torch.empty(0)),
}
for name, (x, y) in pairs.items():
    print(f"{name:<33} same storage: {same_storage(x, y)!s:<5} | "
          f"storages overlap: {storages_overlap(x, y)}")
