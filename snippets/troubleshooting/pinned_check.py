import torch
from torch.utils.data import DataLoader, TensorDataset

x = torch.ones(4, 3)
print("a new CPU tensor is pinned:", x.is_pinned())
loader = DataLoader(TensorDataset(x), batch_size=2)  # pin_memory defaults to False
(batch,) = next(iter(loader))
print("a DataLoader batch is pinned:", batch.is_pinned())
