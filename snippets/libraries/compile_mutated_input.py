import torch


def scale_(x):
    x.mul_(2)  # writes into the caller's tensor
    return x.sum()


compiled = torch.compile(scale_, backend="aot_eager")

x = torch.tensor([1.0, 2.0, 3.0])
print("eager, then compiled, on one x:", scale_(x).item(), compiled(x).item())
print("x after both runs:", x.tolist())

x = torch.tensor([1.0, 2.0, 3.0])
print("each run on its own clone:     ", scale_(x.clone()).item(), compiled(x.clone()).item())
print("x after both runs:", x.tolist())
