import torch

t = torch.arange(6.0).reshape(2, 3).t()  # transposed: stride (1, 3)
c = t.clone()  # a copy with the same strides, so just as non-contiguous

try:
    c.view(-1)
except RuntimeError as error:
    print("t.clone().view(-1):", type(error).__name__ + ":", str(error).splitlines()[0])

flat = t.clone(memory_format=torch.contiguous_format).view(-1)
print("t.clone(memory_format=torch.contiguous_format).view(-1):", flat)
print("t.contiguous().view(-1):                                ", t.contiguous().view(-1))
