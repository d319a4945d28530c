import copy

import torch

big = torch.arange(1000.0)
pair = big[10:12]  # two numbers, a view into 4000 bytes

for name, result in [("clone", pair.clone()), ("deepcopy", copy.deepcopy(pair))]:
    storage = result.untyped_storage()
    print(f"{name:<8} values {result.tolist()}  storage {storage.nbytes():>4} bytes", end="")
    print(f"  offset {result.storage_offset()}")
