import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.clone()
print("before the write:", b)
b[0] = 100.0
print("after the write: ", b)
print("what b.grad_fn points back to:", type(b.grad_fn.next_functions[0][0]).__name__)
