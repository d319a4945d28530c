import torch

a = torch.zeros(5)
mask = a == 0  # all True
idx = torch.tensor([0, 2])

a[mask][0] = 9.0  # a[mask] is a copy; the write lands in it
print("a[mask][0] = 9:       ", a)
a[idx] = 1.0  # one indexing step: a write into a
print("a[idx] = 1:           ", a)
a[mask] = 2.0
print("a[mask] = 2:          ", a)

b = torch.zeros(2, 3)
b[0][torch.tensor([True, False, True])] = 5.0  # b[0] is a view, so this writes
print("b[0][mask] = 5:       ", b[0])
b[torch.tensor([1])][0] = 7.0  # b[tensor] is a copy
print("b[tensor([1])][0] = 7:", b[1])
