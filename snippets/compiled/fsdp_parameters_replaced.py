import warnings

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import FullyShardedDataParallel, fully_shard

# One process, world size 1: an in-memory store, no network.
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
warnings.filterwarnings("ignore", category=FutureWarning)  # FSDP1's deprecation notice
warnings.filterwarnings("ignore", message="FSDP is switching")  # to NO_SHARD: one process
x = torch.ones(4, 2)


def train(model, optimizer):
    losses = []
    for _ in range(3):
        loss = model(x).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(round(loss.item(), 4))
    return losses


def build():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))


model = build()
old = list(model.parameters())
early = torch.optim.SGD(old, lr=0.1)  # built before wrapping
fully_shard(model)  # FSDP2
new = list(model.parameters())
print("fully_shard: parameters() types:", sorted({type(p).__name__ for p in new}))
print("fully_shard: same objects as before:", any(p is q for p in new for q in old))
print("fully_shard, optimizer built before:", train(model, early))
print("  old parameters' grads are None:", all(p.grad is None for p in old))
model = build()
fully_shard(model)
print(
    "fully_shard, optimizer built after: ",
    train(model, torch.optim.SGD(model.parameters(), lr=0.1)),
)
model = build()
early = torch.optim.SGD(model.parameters(), lr=0.1)
fully_shard(model[0])  # the first layer only: the second keeps its parameters
print("fully_shard on the first layer only, optimizer built before:", train(model, early))

for use_orig_params in (False, True):
    model = build()
    old = list(model.parameters())
    early = torch.optim.SGD(old, lr=0.1)
    wrapped = FullyShardedDataParallel(
        model, use_orig_params=use_orig_params, device_id=torch.device("cpu")
    )
    new = [(name.split(".")[-1], tuple(p.shape)) for name, p in wrapped.named_parameters()]
    print(f"FSDP1 use_orig_params={use_orig_params}: parameters() {new}")
    print(
        "  same objects as before:",
        [any(p is q for q in old) for _, p in wrapped.named_parameters()],
    )
    print("  optimizer built before:", train(wrapped, early))

dist.destroy_process_group()
