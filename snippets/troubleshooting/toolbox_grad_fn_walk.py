import torch


def show(node, depth=0):
    print("  " * depth + type(node).__name__)
    for next_node, _ in node.next_functions:
        if next_node is not None:
            show(next_node, depth + 1)


w = torch.ones(3, requires_grad=True)
x = torch.ones(3)
loss = (w * x).detach().clone().sum() + (w.clone() * 2).sum()
show(loss.grad_fn)
