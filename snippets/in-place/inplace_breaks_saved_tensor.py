import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = x.exp()  # exp saves its output for the backward pass
print("y version after exp:", y._version)
y.add_(1)  # allowed: y is not a leaf
print("y version after add_:", y._version)
try:
    y.sum().backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
