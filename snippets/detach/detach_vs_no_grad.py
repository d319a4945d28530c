import torch
from torch.autograd.graph import saved_tensors_hooks

w = torch.ones(3, requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
saved = []  # every tensor autograd saves for a backward pass goes through this hook
count_saved = saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t)


def graph_of(t):
    names, node = [], t.grad_fn
    while node is not None:  # this graph is a chain: follow the first input of each node
        names.append(type(node).__name__)
        node = node.next_functions[0][0] if node.next_functions else None
    return " -> ".join(names) or "none"


with count_saved:
    y = (w * x).exp()
d = y.detach()
print("d = y.detach():")
print(f"  graph built for y: {graph_of(y)} | {len(saved)} tensors saved for backward")
print(f"  d: requires_grad {d.requires_grad} | grad_fn {d.grad_fn} | is_leaf {d.is_leaf}")
same_memory = d.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()
print(f"  d shares y's storage: {same_memory}")
d.zero_()
print(f"  after d.zero_(): y is {y.tolist()}, y._version {y._version}")

saved.clear()
with count_saved, torch.no_grad():
    z = (w * x).exp()
    first = z[0]  # a view made under no_grad
print("z = (w * x).exp() under torch.no_grad():")
print(f"  graph built: {graph_of(z)} | {len(saved)} tensors saved for backward")
print(f"  z: requires_grad {z.requires_grad} | grad_fn {z.grad_fn} | is_leaf {z.is_leaf}")
inputs = {t.untyped_storage().data_ptr() for t in (w, x)}
own = z.untyped_storage().data_ptr() not in inputs
print(f"  w.requires_grad is still {w.requires_grad} | z has storage of its own: {own}")
z.mul_(2)
print(f"  after z.mul_(2): z._version {z._version}, z[0]._version {first._version}")

with torch.no_grad():  # three results under no_grad that still require grad
    w_view = w[:2]  # a view of a tensor that requires grad
    same_w = w.mul_(1)  # an in-place write returns its destination
    fresh = torch.zeros(2, requires_grad=True)  # a factory asked for it
print("still requiring grad under torch.no_grad():")
print(f"  w[:2]: {w_view.requires_grad} | w.mul_(1): {same_w.requires_grad}", end=" ")
print(f"| zeros(2, requires_grad=True): {fresh.requires_grad}")
