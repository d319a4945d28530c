import warnings

import numpy as np
import torch

# What pandas with copy-on-write hands out: a read-only view of the frame's own column.
column = np.array([1.0, 2.0, 3.0])
values = column[:]
values.flags.writeable = False

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    shared = torch.from_numpy(values)
    again = torch.from_numpy(values)
print("warnings from two from_numpy calls:", [w.category.__name__ for w in caught])
print("first warning begins:", str(caught[0].message).split(",")[0])

shared[0] = 100.0  # nothing stops the tensor from writing
print("column after a write through the tensor:", column.tolist())

copied = torch.tensor(values)  # copies, no warning
writable = np.array(values)  # a writable copy (pandas: to_numpy(copy=True))
print("torch.tensor shares memory:", np.shares_memory(copied.numpy(), column))
print("np.array copy writable:", writable.flags.writeable)
