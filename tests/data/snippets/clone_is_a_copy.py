import torch

a = torch.arange(4.0)
c = a.clone()
print("c shares a's storage:", c.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())
c[0] = 10.0
print("a after writing c[0]:", a)
