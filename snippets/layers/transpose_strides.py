import torch

a = torch.arange(6.0).reshape(2, 3)
t = a.t()  # swaps the strides, moves no data

print("a stride:", a.stride(), "contiguous:", a.is_contiguous())
print("t stride:", t.stride(), "contiguous:", t.is_contiguous())
try:
    t.view(-1)
except RuntimeError as error:
    print("t.view(-1):", type(error).__name__ + ":", str(error).splitlines()[0])
