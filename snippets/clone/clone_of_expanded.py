import torch

row = torch.zeros(1000)
grid = row.expand(1000, 1000)  # a million elements over a thousand numbers in memory
copy = grid.clone()

for name, t in (("grid:", grid), ("grid.clone():", copy)):
    stored = t.untyped_storage().nbytes()
    print(f"{name:<14}{t.numel():,} elements, storage of {stored:,} bytes")
