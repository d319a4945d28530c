import numpy as np
import torch

print("hasattr(torch, 'shares_memory'):", hasattr(torch, "shares_memory"))
a = torch.arange(6.0)
try:
    torch.shares_memory(a, a[3:])
except AttributeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

left, right = a[:3], a[3:]
print("same storage (untyped_storage):",
      left.untyped_storage().data_ptr() == right.untyped_storage().data_ptr())
print("np.shares_memory (overlap):    ", np.shares_memory(left.numpy(), right.numpy()))
