import torch

row = torch.tensor([1.0, 2.0, 3.0])
grid = row.expand(4, 3)  # four rows that are all the same three numbers in memory
tiled = row.repeat(4, 1)  # four rows, twelve numbers in memory

for name, t in (("expand", grid), ("repeat", tiled)):
    stored = t.untyped_storage().nbytes() // t.element_size()
    print(f"{name}: stride {t.stride()}, {stored} numbers in storage")
try:
    grid.add_(1.0)
except RuntimeError as error:
    print("grid.add_(1):", type(error).__name__ + ":", str(error).splitlines()[0])
tiled[0, 0] = 0.0
print("row after writing tiled:", row)
