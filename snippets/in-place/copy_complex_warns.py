import warnings

import torch

dst = torch.zeros(2)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    dst.copy_(torch.tensor([1 + 2j, 3 - 1j]))
for warning in caught:
    message = str(warning.message).split(" (Triggered internally")[0]  # drop the build path
    print(warning.category.__name__ + ":", message)
print("dst:", dst)
