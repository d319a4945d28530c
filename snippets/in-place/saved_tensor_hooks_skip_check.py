import contextlib

import torch
from torch.autograd.graph import save_on_cpu, saved_tensors_hooks
from torch.utils.checkpoint import checkpoint

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)


def after_counted_write(hooks):
    x.grad = None
    with hooks:
        y = x.exp()  # exp saves its output y for the backward pass
    y.add_(1)  # a counted write: y._version goes from 0 to 1
    return backward_report(y)


def after_counted_write_checkpointed(use_reentrant):
    x.grad = None
    y = checkpoint(torch.exp, x, use_reentrant=use_reentrant)  # backward runs exp again
    y.add_(1)
    return backward_report(y)


def backward_report(y):
    try:
        y.sum().backward()
    except RuntimeError as err:
        return f"version {y._version} | {type(err).__name__} at backward"
    return f"version {y._version} | no error, x.grad {[round(g, 4) for g in x.grad.tolist()]}"


print("correct x.grad (e**x):        ", [round(g, 4) for g in x.exp().tolist()])
print("no hooks:                     ", after_counted_write(contextlib.nullcontext()))
keep_same = saved_tensors_hooks(lambda t: t, lambda t: t)
print("hooks that keep the tensor:   ", after_counted_write(keep_same))
print("save_on_cpu(), a CPU tensor:  ", after_counted_write(save_on_cpu()))
keep_copy = saved_tensors_hooks(lambda t: t.clone(), lambda t: t)
print("hooks that save a clone:      ", after_counted_write(keep_copy))
print("checkpoint, use_reentrant=False:", after_counted_write_checkpointed(False))
print("checkpoint, use_reentrant=True: ", after_counted_write_checkpointed(True))
