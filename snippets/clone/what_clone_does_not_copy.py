import warnings

import torch
from torch import nn

w = nn.Parameter(torch.ones(3))
w.grad = torch.full((3,), 5.0)
w.register_hook(lambda grad: grad * 10)  # a hook on w: multiplies every gradient reaching w

c = w.clone()
print(f"c class: {type(c).__name__} (w: {type(w).__name__})")
print(f"c.requires_grad: {c.requires_grad} | c.is_leaf: {c.is_leaf} | grad_fn: {c.grad_fn.name()}")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("c.grad:", c.grad)
print(f"  {caught[0].category.__name__}: {str(caught[0].message).split('. ')[0]}.")

(grad_c,) = torch.autograd.grad(c.sum(), c)
print("gradient at c:", grad_c.tolist(), "(w's hook did not run on c)")
w.grad = None
c.sum().backward()
print("w.grad after c.sum().backward():", w.grad.tolist(), "(the hook ran at w)")

d = w.detach().clone()
print(f"w.detach().clone(): {type(d).__name__} | requires_grad {d.requires_grad} | grad {d.grad}")
