import weakref

import torch

w = torch.ones(1000, requires_grad=True)
kept = []


def keep(make_copy):
    hidden = w * 2
    out = hidden.sin()  # sin saves its input for the backward pass
    hidden_alive = weakref.ref(hidden)
    kept.append(make_copy(out))
    del hidden, out
    return hidden_alive() is not None


def clone_under_no_grad(t):
    with torch.no_grad():
        return t.clone()


for name, make_copy in [
    ("out.clone()", lambda t: t.clone()),
    ("out.detach().clone()", lambda t: t.detach().clone()),
    ("out.clone() under no_grad", clone_under_no_grad),
]:
    alive = keep(make_copy)
    print(f"kept {name:<26} has grad_fn: {kept[-1].grad_fn is not None!s:<5} "
          f"| intermediate still in memory: {alive}")
