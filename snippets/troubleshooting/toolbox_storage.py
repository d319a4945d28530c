import torch


def shares_storage(x, y):
    sx, sy = x.untyped_storage(), y.untyped_storage()
    return sx.nbytes() > 0 and sy.nbytes() > 0 and sx.data_ptr() == sy.data_ptr()


a = torch.arange(6.0)
for name, other in {"a[3:]": a[3:], "a.t()": a.view(2, 3).t(), "a.detach()": a.detach(),
                    "a.clone()": a.clone(), "a[[0, 1]]": a[[0, 1]]}.items():
    print(f"{name:<11} shares storage with a: {shares_storage(a, other)}")
