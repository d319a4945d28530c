import torch

a = torch.arange(6.0)
b = a.view(2, 3)[0]  # looks like a new tensor, is a view
b[0] = 100.0
print("a after writing b:", a)
print("b is a:", b is a)
print("b._base is a:", b._base is a)
print("same storage:", b.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())
