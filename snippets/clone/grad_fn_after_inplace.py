import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.clone()
print("before the write:", type(b.grad_fn).__name__)

b[0] = 100.0  # an in-place write into the clone
print(b)
node = b.grad_fn
print("after the write: ", type(node).__name__, "->", type(node.next_functions[0][0]).__name__)
b.mul_(2)  # every in-place op puts its own node on top
print("after b.mul_(2): ", type(b.grad_fn).__name__)

b.sum().backward()
print("a.grad:", a.grad)  # the overwritten element no longer depends on a[0]
