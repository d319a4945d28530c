import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)

s = x.sigmoid()  # sigmoid saves its output for the backward pass
s.mul_(2)  # ... and this overwrites it
try:
    s.sum().backward()
except RuntimeError as error:
    print("in place on s:", type(error).__name__ + ":", str(error).splitlines()[0])

s = x.sigmoid()
doubled = s.clone().mul_(2)  # the write goes into new storage; s stays as saved
doubled.sum().backward()
print("in place on s.clone(): x.grad =", x.grad)
