import warnings

import numpy as np
import torch


def shares(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


t = torch.arange(3.0)
print("tensor, same dtype:      returns t itself:", torch.as_tensor(t) is t)
w = torch.ones(3, requires_grad=True)
print("tensor requiring grad:   returns w itself:", torch.as_tensor(w) is w)
print("tensor, other dtype:     shares storage:", shares(torch.as_tensor(t, dtype=torch.int64), t))

a = np.arange(3.0)  # float64
print("ndarray, same dtype:     shares memory:", np.shares_memory(torch.as_tensor(a).numpy(), a))
as32 = torch.as_tensor(a, dtype=torch.float32)
print("ndarray, other dtype:    shares memory:", np.shares_memory(as32.numpy(), a))
print("Python list:             dtype", torch.as_tensor([1, 2, 3]).dtype, "(always a copy)")

for label, array in [("negative strides:", a[::-1]), ("big-endian dtype:", a.astype(">f8"))]:
    try:
        torch.as_tensor(array)
    except ValueError as e:
        print(f"ndarray, {label} ValueError: {str(e).splitlines()[0]}")
frozen = np.arange(3.0)
frozen.setflags(write=False)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    shared = np.shares_memory(torch.as_tensor(frozen).numpy(), frozen)
print("ndarray, read-only:      shares memory:", shared, "| warns:", caught[0].category.__name__)
