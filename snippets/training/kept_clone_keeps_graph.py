import torch
from torch import nn


def graph_kept_by(kept):
    """Autograd nodes reachable from the kept tensors, and the activations they still hold."""
    params = {p.untyped_storage().data_ptr() for p in [*encoder.parameters(), *head.parameters()]}
    seen, stack, saved = set(), [t.grad_fn for t in kept], 0
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        stack.extend(child for child, _ in node.next_functions)
        for name in (n for n in dir(node) if n.startswith("_saved_")):
            try:
                value = getattr(node, name)
            except RuntimeError:  # already freed by backward()
                continue
            if torch.is_tensor(value) and value.untyped_storage().data_ptr() not in params:
                saved += value.numel()
    return len(seen), saved


torch.manual_seed(0)
encoder = nn.Sequential(nn.Linear(8, 16), nn.Tanh())
head = nn.Linear(16, 1)
batches = torch.randn(5, 32, 8)

for how in ("clone()", "detach().clone()"):
    kept = []  # e.g. features kept for a plot or a memory bank
    for x in batches:
        features = encoder(x)
        kept.append(features.clone() if how == "clone()" else features.detach().clone())
        if len(kept) < len(batches):  # the last step is kept before its backward runs
            head(features).pow(2).mean().backward()
    nodes, numbers = graph_kept_by(kept)
    print(f"features.{how:17} grad_fn {type(kept[-1].grad_fn).__name__:14}", end=" ")
    print(f"nodes alive {nodes:2}, saved activation values {numbers}")
