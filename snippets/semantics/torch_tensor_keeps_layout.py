import warnings

import torch

t = torch.arange(6.0).reshape(2, 3).t()  # a transposed view: stride (1, 3)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    copied = torch.tensor(t)
print("warning:", caught[0].category.__name__ + ": " + str(caught[0].message).splitlines()[0])
print("stride:", copied.stride(), "| contiguous:", copied.is_contiguous())
print("shares storage:", copied.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())
print("view(-1):", end=" ")
try:
    copied.view(-1)
    print("works")
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
