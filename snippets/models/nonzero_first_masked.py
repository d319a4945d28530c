import torch

a = torch.zeros(3, 4)
mask = torch.zeros(3, 4, dtype=torch.bool)
mask[1, 2] = True  # one masked element, at row 1, column 2
first = mask.nonzero()[0]
print("mask.nonzero()[0]:", first)

rows = a.clone()
rows[first] = 1.0  # tensor([1, 2]) as an index selects rows 1 and 2
print("a[mask.nonzero()[0]] = 1 wrote", int(rows.sum()), "elements")

one = a.clone()
one[tuple(first)] = 1.0  # (1, 2): one index per dimension
print("a[tuple(mask.nonzero()[0])] = 1 wrote", int(one.sum()), "element at", one.nonzero().tolist())

try:
    nothing = torch.zeros(3, 4, dtype=torch.bool)
    a[tuple(nothing.nonzero()[0])] = 1.0
except IndexError as e:
    print("nothing masked:", type(e).__name__ + ":", str(e).splitlines()[0])
