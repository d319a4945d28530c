import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.zeros(3)

b[:] = a  # indexed assignment: copies a's values into b's own memory
a[0] = 100.0
print("b is a:", b is a)
print("b:", b)
