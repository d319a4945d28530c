import warnings

import torch

x = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
src = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

y = x * 1  # a non-leaf destination
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y.copy_(src * 2)
print("warnings:", len(caught))
print("y.grad_fn:", type(y.grad_fn).__name__)

y.sum().backward()
print("src.grad:", src.grad)  # the gradient reaches the source of the copy
print("x.grad:  ", x.grad)  # x's values were overwritten, so it gets zeros
