import torch

a = torch.arange(5.0)
try:
    a[1:].copy_(a[:-1])  # shift right by one: source and destination overlap
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

try:
    a[1:] = a[:-1]  # item assignment is a copy_ too
except RuntimeError as e:
    print("a[1:] = a[:-1]:", type(e).__name__)

a[1:].copy_(a[:-1].clone())  # the source now has its own memory
print("shifted with clone():", a)

m = torch.arange(4.0).view(2, 2)
try:
    m.copy_(m.t())  # transposing in place: the same overlap
except RuntimeError as e:
    print("m.copy_(m.t()):", type(e).__name__)
m.copy_(m.t().clone())
print("transposed with clone():", m.tolist())

b = torch.arange(6.0)
b.copy_(b)  # every element copied onto itself: allowed
b[::2].copy_(b[1::2])  # interleaved, no element both read and written: allowed
print("b.copy_(b), then b[::2].copy_(b[1::2]):", b.tolist())
