import torch


def graph_size(t):
    """How many autograd nodes t keeps alive."""
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in seen:
            seen.add(node)
            todo.extend(next_node for next_node, _ in node.next_functions)
    return len(seen)


torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
total_loss = 0
for step in range(1, 4):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    loss.backward()
    total_loss += loss  # keeps this step's graph
    print(f"step {step}: total_loss keeps {graph_size(total_loss)} graph nodes alive")
