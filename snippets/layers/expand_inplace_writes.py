import warnings

import torch

writes = [  # each line runs on a fresh grid = row.expand(4, 3)
    "grid.add_(1)",
    "grid += 1",
    "grid.copy_(torch.ones(4, 3))",
    "grid.fill_(7)",
    "grid.zero_()",
    "grid[0, 0] = 10",
    "grid[1] = torch.tensor([4.0, 5.0, 6.0])",
    "grid[grid > 2] = 0",
]
for code in writes:
    row = torch.tensor([1.0, 2.0, 3.0])
    grid = row.expand(4, 3)  # four rows over the same three numbers
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            exec(code, {"torch": torch, "grid": grid})
        except RuntimeError as error:
            print(f"{code:<40} raises {type(error).__name__}")
            continue
    warned = " (and a deprecation warning)" if caught else ""
    print(f"{code:<40} writes the shared row: {row.tolist()}{warned}")
