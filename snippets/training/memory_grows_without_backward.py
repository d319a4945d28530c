import weakref

import torch
from torch import nn
from torch.autograd.graph import saved_tensors_hooks


class Saved:
    """What autograd keeps for a backward pass; it lives as long as the graph that holds it."""

    def __init__(self, tensor):
        self.tensor = tensor


alive = weakref.WeakSet()


def pack(tensor):
    saved = Saved(tensor.detach())  # detached: no reference cycle through grad_fn
    alive.add(saved)
    return saved


def unpack(saved):
    return saved.tensor


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 64), nn.Tanh(), nn.Linear(64, 1))
batches = torch.randn(10, 32, 8)
params = {p.untyped_storage().data_ptr() for p in model.parameters()}


def evaluate(steps, add):
    total = 0.0
    for x in batches[:steps]:
        loss = model(x).pow(2).mean()
        total = add(total, loss)
    return total


for name, add, grad_mode in (
    ("total += loss", lambda total, loss: total + loss, True),
    ("total += loss.item()", lambda total, loss: total + loss.item(), True),
    ("total += loss.detach()", lambda total, loss: total + loss.detach(), True),
    ("total += loss, under no_grad", lambda total, loss: total + loss, False),
):
    for steps in (5, 10):
        with saved_tensors_hooks(pack, unpack), torch.set_grad_enabled(grad_mode):
            total = evaluate(steps, add)
        activations = [
            s.tensor for s in alive if s.tensor.untyped_storage().data_ptr() not in params
        ]
        values = sum(t.numel() for t in activations)
        print(f"{name:<29} {steps:2} steps:", end=" ")
        print(f"{len(activations):2} saved activations alive, {values:5} values")
        del total
