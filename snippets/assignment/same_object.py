import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = a  # a second name for the same tensor: nothing is copied

b[0] = 100.0
print("a:", a)
print("b is a:", b is a)
