import numpy as np
import torch

memory = np.arange(5.0)
a = torch.from_numpy(memory)
b = torch.from_numpy(memory)  # a second tensor over the same memory, not a view of a
print("a and b share memory:", np.shares_memory(a.numpy(), b.numpy()))

try:
    a[1:].copy_(a[:-1])  # the overlap is visible: one storage
except RuntimeError as err:
    print("a[1:].copy_(a[:-1]):", type(err).__name__)

a[1:].copy_(b[:-1])  # the same shift, through b: not checked
print("a[1:].copy_(b[:-1]): no error, a is", a.tolist())
shifted = torch.arange(5.0)
shifted[1:] = shifted[:-1].clone()
print("a real shift gives:  ", shifted.tolist())

m = torch.arange(12.0).view(3, 4)
m[:, 1:].copy_(m[:, :-1])  # shift each row right: views with gaps, not checked
print("m[:, 1:].copy_(m[:, :-1]): no error, row 0 is", m[0].tolist())
m = torch.arange(12.0).view(3, 4)
m[:, 1:] = m[:, :-1].clone()
print("a real shift gives row 0:  ", m[0].tolist())
