import torch

a = torch.arange(6.0)
b = a.view(2, 3)[0].clone()  # new storage
b[0] = 100.0
print("a after writing b:", a)
print("same storage:", b.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())
