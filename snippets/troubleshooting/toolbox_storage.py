import torch


def shares_memory(x, y):
    """True when the byte ranges of the two storages overlap; empty storages share nothing."""
    sx, sy = x.untyped_storage(), y.untyped_storage()
    if x.device != y.device or sx.nbytes() == 0 or sy.nbytes() == 0:
        return False
    x_start, y_start = sx.data_ptr(), sy.data_ptr()
    return x_start < y_start + sy.nbytes() and y_start < x_start + sx.nbytes()


a = torch.arange(6.0)
for name, other in {"a[3:]": a[3:], "a.t()": a.view(2, 3).t(), "a.detach()": a.detach(),
                    "a.clone()": a.clone(), "a[[0, 1]]": a[[0, 1]]}.items():
    print(f"{name:<11} shares memory with a: {shares_memory(a, other)}")
