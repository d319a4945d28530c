import torch


def shares_storage(x, y):
    """True when x and y are backed by the same block of memory."""
    sx, sy = x.untyped_storage(), y.untyped_storage()
    if sx.nbytes() == 0 or sy.nbytes() == 0:  # no memory at all: nothing to share
        return False
    return sx.data_ptr() == sy.data_ptr()


a = torch.arange(6.0)
cases = {
    "a, a.view(2, 3)": (a, a.view(2, 3)),
    "a, a[3:]": (a, a[3:]),
    "a, a.clone()": (a, a.clone()),
    "empty, empty": (torch.empty(0), torch.empty(0)),
}
for name, (x, y) in cases.items():
    print(f"{name:<16} shares storage: {shares_storage(x, y)}")
