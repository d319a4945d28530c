import torch

w = torch.ones(2, requires_grad=True)

same = w.to(torch.float32)
print("same dtype  -> is w:", same is w, "| grad_fn:", same.grad_fn)

converted = w.to(torch.float64)
print("new dtype   -> is w:", converted is w, "| grad_fn:", type(converted.grad_fn).__name__)
converted.sum().backward()
print("w.grad:", w.grad)
