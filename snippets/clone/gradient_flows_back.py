import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
c = y.clone()

print("c.requires_grad:", c.requires_grad, "| c.is_leaf:", c.is_leaf)
# Walk from the clone back to the leaf: the clone's node points at y's history.
node, path = c.grad_fn, []
while node is not None:
    path.append(type(node).__name__)
    node = node.next_functions[0][0] if node.next_functions else None
print("graph:", " -> ".join(path))

(c * 10).sum().backward()
print("x.grad:", x.grad)
