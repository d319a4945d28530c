import copy

import torch

w = torch.arange(3.0, requires_grad=True)
y = w * 2  # not a leaf: it has a grad_fn

shallow = copy.copy(y)
same_storage = shallow.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()
print("shares storage with y:", same_storage)
print("is_leaf:", shallow.is_leaf, "| requires_grad:", shallow.requires_grad)
shallow.sum().backward()
print("w.grad after backward from the copy:", w.grad)

try:
    copy.deepcopy(y)
except RuntimeError as e:
    print("deepcopy(y):", type(e).__name__ + ": " + str(e).splitlines()[0])
