import torch

a = torch.arange(4.0)
b = a[1:]
print("b shares a's storage:", b.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())
b[0] = 10.0
print("a after writing b[0]:", a)
