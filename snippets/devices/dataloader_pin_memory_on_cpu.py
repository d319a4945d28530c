import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

data = TensorDataset(torch.arange(8.0))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (batch,) = next(iter(DataLoader(data, batch_size=4, pin_memory=True)))

for warning in caught:
    print("warning:", warning.message)
print("batch is pinned:", batch.is_pinned())
