import copy

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w * 2
try:
    copy.deepcopy(y)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

with torch.no_grad():
    z = w * 2  # no grad_fn, so a leaf: deepcopy works
print("deepcopy of a no_grad result:", copy.deepcopy(z))
print("y.detach().clone():          ", y.detach().clone())
