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


def checkpointed_write_into(what, use_reentrant):
    x.grad = None
    a = x * 1  # the block's argument
    c = torch.ones(3, requires_grad=True) * 2  # read by the block, not passed to it
    y = checkpoint(lambda t: t.exp() * c, a, use_reentrant=use_reentrant)
    (a if what == "argument" else c).add_(1)  # forward ran with the old values
    try:
        y.sum().backward()
    except RuntimeError as err:
        return f"{type(err).__name__} at backward"
    return f"no error, x.grad {[round(g, 4) for g in x.grad.tolist()]}"


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
print("gradient of that forward (2e**x):", [round(2 * g, 4) for g in x.exp().tolist()])
for reentrant in (False, True):
    print(f"checkpoint ({reentrant=}), write into")
    print("  its argument:                ", checkpointed_write_into("argument", reentrant))
    print("  a tensor it reads:           ", checkpointed_write_into("outside", reentrant))
