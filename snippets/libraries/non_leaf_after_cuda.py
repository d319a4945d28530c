# requires: cuda
import torch

w = torch.randn(3, requires_grad=True).cuda()  # the copy on the GPU is not a leaf
print("is_leaf:", w.is_leaf, "| grad_fn:", type(w.grad_fn).__name__)
(w * 2).sum().backward()
print("w.grad is None:", w.grad is None)

fixed = torch.randn(3, device="cuda", requires_grad=True)
(fixed * 2).sum().backward()
print("created on the GPU: is_leaf", fixed.is_leaf, "| grad", fixed.grad.tolist())
