import torch


def graph_nodes(t):
    """Count the autograd nodes reachable from t."""
    seen, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is None or node in seen:
            continue
        seen.add(node)
        todo.extend(next_node for next_node, _ in node.next_functions)
    return len(seen)


w = torch.tensor([1.0, 2.0], requires_grad=True)
as_tensor, as_float = 0.0, 0.0
for step in range(1, 5):
    loss = (w * step).sum()
    as_tensor += loss  # a tensor: every step's graph stays attached to it
    as_float += loss.item()  # a Python float: nothing attached
    print(f"step {step}: total += loss holds {graph_nodes(as_tensor)} graph nodes")
print("total += loss.item():", type(as_float).__name__, as_float)
