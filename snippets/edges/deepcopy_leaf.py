import copy

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(w * w).sum().backward()
d = copy.deepcopy(w)
same = d.untyped_storage().data_ptr() == w.untyped_storage().data_ptr()
print("shares storage:", same)
print("requires_grad:", d.requires_grad, "| is_leaf:", d.is_leaf)
print("grad copied too:", d.grad, "| same grad object:", d.grad is w.grad)
