import warnings

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = w * 2  # a non-leaf
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    old = torch.tensor(y)
new = y.detach().clone()  # what the warning recommends, without a warning

print("same values:", torch.equal(old, new))
print("torch.tensor(y):    requires_grad", old.requires_grad, "| is_leaf", old.is_leaf)
print("y.detach().clone(): requires_grad", new.requires_grad, "| is_leaf", new.is_leaf)
