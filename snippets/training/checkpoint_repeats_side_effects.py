import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
x = torch.randn(8, 2, requires_grad=True)

for use_checkpoint in (False, True):
    bn = torch.nn.BatchNorm1d(2)  # in training mode, forward updates the running statistics
    out = checkpoint(bn, x, use_reentrant=False) if use_checkpoint else bn(x)
    out.sum().backward()
    mean = [round(m, 4) for m in bn.running_mean.tolist()]
    print(f"checkpoint={use_checkpoint!s:5} batches tracked: {bn.num_batches_tracked.item()}"
          f" | running_mean: {mean}")
