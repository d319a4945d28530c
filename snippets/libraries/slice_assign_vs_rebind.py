import torch

a = torch.zeros(3)
keeper = {"a": a}  # another holder of the same tensor: a model, an optimizer, a list
b = torch.tensor([1, 2, 3])  # int64

a[:] = b  # writes b's values into a's memory
print("after a[:] = b: holder sees", keeper["a"].tolist(), "| dtype kept:", a.dtype)
b += 10
print("a copy: later writes to b reach a:", a.tolist() != [1.0, 2.0, 3.0])

a = b  # rebinds the name; the holder keeps the old tensor
print("after a = b: holder sees", keeper["a"].tolist(), "| a is b:", a is b, "| dtype:", a.dtype)

scalar = torch.zeros(())  # a 0-d tensor has no dimension to slice
try:
    scalar[:] = 1.0
except IndexError as error:
    print(f"0-d a[:] = b: {type(error).__name__}: {error}")
scalar[...] = 1.0  # or scalar.copy_(...)
print("0-d a[...] = b:", scalar.item())

row = torch.arange(4.0)
try:
    row[1:] = row[:-1]  # b overlaps a
except RuntimeError as error:
    print(f"b overlaps a: {type(error).__name__}: {str(error).split('.')[0]}")
