import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = x.exp()
y.sum().backward()
print("correct x.grad:          ", x.grad)  # d/dx exp(x) = exp(x)

x.grad = None
y = x.exp()
y.data.zero_()  # the same write as y.detach().zero_(), made through .data
print("y._version after write:  ", y._version)  # not counted
y.sum().backward()  # no error ...
print("x.grad after .data write:", x.grad)  # ... and a wrong gradient
