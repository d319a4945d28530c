import torch

src = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
buf = torch.zeros(3)  # a plain buffer, requires_grad=False
print("before: requires_grad =", buf.requires_grad)

buf.copy_(src)
print("after:  requires_grad =", buf.requires_grad, "| grad_fn:", type(buf.grad_fn).__name__)

(buf * buf).sum().backward()
print("src.grad:", src.grad)

ints = torch.zeros(3, dtype=torch.int64)  # integer tensors cannot require grad
ints.copy_(src)
print("int64 buffer after copy_:", ints.tolist(), "| requires_grad =", ints.requires_grad)
