# requires: cuda
import torch
from torch.utils.data import DataLoader, TensorDataset

loader = DataLoader(TensorDataset(torch.ones(8, 3)), batch_size=4, pin_memory=True)
(batch,) = next(iter(loader))
print("batch pinned with pin_memory=True:", batch.is_pinned())
on_gpu = batch.to("cuda", non_blocking=True)  # returns at once; the stream copies in order
result = (on_gpu * 2).to("cpu", non_blocking=True)
torch.cuda.current_stream().synchronize()  # before the host reads result
print("result pinned:", result.is_pinned(), "| sum after synchronize:", result.sum().item())
