import numpy as np
import torch

n = np.arange(6.0)
x = torch.from_numpy(n)
y = torch.from_numpy(n[3:])  # a NumPy view that starts 3 elements into the same buffer
same = x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()
print("x, y: same storage:", same, "| y.storage_offset():", y.storage_offset())
y[0] = -1.0
print("x after writing y[0]:", x.tolist())
