import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
block = nn.Linear(4, 4)
head = nn.Linear(4, 1)
batch = torch.randn(2, 4)  # a batch from a data loader does not require grad

for reentrant in (False, True):
    block.zero_grad(set_to_none=True)
    head.zero_grad(set_to_none=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        features = checkpoint(block, batch, use_reentrant=reentrant)
    head(features).sum().backward()
    block_grad = "set" if block.weight.grad is not None else "None"
    head_grad = "set" if head.weight.grad is not None else "None"
    print(f"use_reentrant={reentrant!s:5} block grad {block_grad:4} | head grad {head_grad}")
    for w in caught:
        print(f"  {w.category.__name__}: {str(w.message).splitlines()[0]}")

x = torch.randn(2, 4, requires_grad=True)  # a gradient penalty through a checkpointed layer
for reentrant in (False, True):
    out = checkpoint(head, x, use_reentrant=reentrant)
    label = f"use_reentrant={reentrant!s:5} autograd.grad:"
    try:
        (grad,) = torch.autograd.grad(out.sum(), x, create_graph=True)
        print(label, "ok, grad.requires_grad", grad.requires_grad)
    except RuntimeError as e:
        print(label, f"{type(e).__name__}: {str(e).splitlines()[0]}")
