# requires: cuda
import torch
from torch.utils.data import DataLoader, TensorDataset

data = TensorDataset(torch.arange(8.0), torch.arange(8))
for pin in (False, True):
    inputs, labels = next(iter(DataLoader(data, batch_size=4, pin_memory=pin)))
    print(f"pin_memory={pin}: inputs pinned:", inputs.is_pinned(), "| labels:", labels.is_pinned())
