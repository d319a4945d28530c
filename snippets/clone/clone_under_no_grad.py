import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

with torch.no_grad():
    c = x.clone()  # nothing is recorded inside no_grad
print("requires_grad:", c.requires_grad, "| is_leaf:", c.is_leaf, "| grad_fn:", c.grad_fn)
