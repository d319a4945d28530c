import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.zeros(3)

b[:] = a  # indexed assignment: copies a's values into b's own memory
a[0] = 100.0
print("b is a:", b is a)
print("b:", b)

# Where b's memory is a's (b is a view of a), the copy lands in that shared memory,
# and so does every later write to a.
a = torch.tensor([1.0, 2.0, 3.0])
b = a[:]  # a slice of a: a view
b[:] = a
a[0] = 100.0
print("b a view of a:", b)
