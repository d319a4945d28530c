import torch

w = torch.tensor([2.0], requires_grad=True)
loss = (w * 3).sum()

value = loss.item()
print("type:", type(value).__name__, "| value:", value)
print("loss still has grad_fn:", type(loss.grad_fn).__name__)
