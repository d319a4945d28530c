import torch

t = torch.arange(6.0).reshape(2, 3).t()
try:
    t.view(6)
except RuntimeError as e:
    print("t.view(6):", type(e).__name__ + ": " + str(e).splitlines()[0])
r = t.reshape(6)
print("t.reshape(6):", r)
print("reshape copied (new storage):",
      r.untyped_storage().data_ptr() != t.untyped_storage().data_ptr())
