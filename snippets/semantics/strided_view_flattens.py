import torch

a = torch.arange(12.0).reshape(3, 4)[:, ::2]  # every other column
print("a:", a.tolist(), "| stride:", a.stride(), "| contiguous:", a.is_contiguous())

flat = a.view(-1)
print("a.view(-1):", flat.tolist(), "| stride:", flat.stride())
print("same storage:", flat.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())
