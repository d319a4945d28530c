import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2

start = y.detach().requires_grad_()  # a new leaf: the graph begins here
loss = (start**2).sum()
loss.backward()
print("start.is_leaf:", start.is_leaf, "| start.grad:", start.grad)
print("x.grad:", x.grad)  # nothing flowed past the detach

try:
    y.requires_grad_(False)  # only leaves can change the flag
except RuntimeError as error:
    print("y.requires_grad_(False):", type(error).__name__ + ":", str(error).splitlines()[0])
