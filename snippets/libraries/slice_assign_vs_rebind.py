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
