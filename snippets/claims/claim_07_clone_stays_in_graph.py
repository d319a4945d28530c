import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = (a * 2).clone()
print("c.is_leaf:", c.is_leaf, "| c.grad_fn:", type(c.grad_fn).__name__)
print("next node back:", type(c.grad_fn.next_functions[0][0]).__name__)
c.sum().backward()
print("a.grad after c.sum().backward():", a.grad)
