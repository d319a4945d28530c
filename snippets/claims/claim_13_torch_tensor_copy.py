import warnings

import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    b = torch.tensor(a)
print(caught[0].category.__name__ + ":", str(caught[0].message).splitlines()[0])
print("b.requires_grad:", b.requires_grad, "| b.grad_fn:", b.grad_fn, "| b.is_leaf:", b.is_leaf)
b[0] = 100.0
print("a after writing b[0]:", a.detach())
