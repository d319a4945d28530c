import torch

a = torch.zeros(3)
b = a
b = b + 1  # builds a new tensor and rebinds the name b to it
print("after b = b + 1:  a =", a, "| b is a:", b is a)

a = torch.zeros(3)
b = a
b += 1  # on tensors, += writes into the existing tensor
print("after b += 1:     a =", a, "| b is a:", b is a)
