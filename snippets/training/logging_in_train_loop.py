import torch
from torch import nn


def graph_kept_by(log):
    """Autograd nodes reachable from the logged tensors."""
    seen, stack = set(), [t.grad_fn for t in log if torch.is_tensor(t)]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.add(node)
            stack.extend(child for child, _ in node.next_functions)
    return len(seen)


batches = torch.randn(10, 32, 8, generator=torch.Generator().manual_seed(0))
for how in ("append(loss)", "total += loss", "append(loss.item())"):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    log, total = [], 0.0
    for step, x in enumerate(batches, start=1):
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()  # frees the activations this graph saved, not its nodes
        opt.step()
        if how == "append(loss)":
            log.append(loss)
        elif how == "total += loss":
            total += loss
        else:
            log.append(loss.item())
        if step in (1, 10):
            print(f"{how:19} step {step:2}: {graph_kept_by(log + [total]):3} graph nodes alive")
