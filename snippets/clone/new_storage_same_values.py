import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = a.clone()

same_storage = a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
print("same values: ", torch.equal(a, b))
print("same storage:", same_storage)
b[0] = 100.0  # a write into the clone ...
print("a:", a)  # ... does not reach the source
print("b:", b)
