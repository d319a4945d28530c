import torch
from torch import nn


def graph_kept_by(log):
    """Autograd nodes reachable from the logged tensors, and the activations they still hold."""
    params = {p.untyped_storage().data_ptr() for p in model.parameters()}
    seen, stack, saved = set(), [t.grad_fn for t in log if torch.is_tensor(t)], 0
    while stack:
        node = stack.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        stack.extend(child for child, _ in node.next_functions)
        for name in dir(node):
            if name.startswith("_saved_"):
                value = getattr(node, name)
                if torch.is_tensor(value) and value.untyped_storage().data_ptr() not in params:
                    saved += value.numel()
    return len(seen), saved


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
batches = torch.randn(10, 32, 8)

for how, keep in (
    ("loss", lambda t: t),
    ("loss.detach()", torch.detach),
    ("loss.item()", torch.Tensor.item),
):
    log = []
    for x in batches:  # an evaluation loop that forgot torch.no_grad()
        loss = model(x).pow(2).mean()
        log.append(keep(loss))
    nodes, numbers = graph_kept_by(log)
    print(f"log.append({how:13}): {nodes:2} graph nodes alive, {numbers:5} saved activation values")
