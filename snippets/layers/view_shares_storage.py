import torch

a = torch.arange(6.0)
v = a.view(2, 3)  # new metadata over the same storage

v[0, 0] = -1.0
print("a:", a)
print("shape", tuple(a.shape), "vs", tuple(v.shape), "| stride", a.stride(), "vs", v.stride())
print("same storage:", a.untyped_storage().data_ptr() == v.untyped_storage().data_ptr())
print("v._base is a:", v._base is a)
