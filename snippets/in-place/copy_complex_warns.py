import warnings

import torch

source = torch.tensor([1 + 2j, 3 - 1j, 0j])
for label, dtype in (
    ("complex -> bool", torch.bool),
    ("complex -> float32", torch.float32),
    ("complex -> float32, again", torch.float32),
    ("complex -> int64", torch.int64),
):
    dst = torch.zeros(3, dtype=dtype)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dst.copy_(source)
    print(f"{label:<26} dst {dst.tolist()!s:<18} warnings: {len(caught)}")
    for warning in caught:
        message = str(warning.message).split(" (Triggered internally")[0]  # drop the build path
        print(f"  {warning.category.__name__}: {message}")
