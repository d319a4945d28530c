import torch

w = torch.arange(4.0).requires_grad_()
first_two = w[:2]  # a view of a leaf is itself part of the graph

print("view grad_fn:", type(first_two.grad_fn).__name__, "| is_leaf:", first_two.is_leaf)
first_two.sum().backward()
print("w.grad:", w.grad)
