import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
d = y.detach()

same_storage = d.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()
print("same storage: ", same_storage)
print("y: requires_grad", y.requires_grad, "| is_leaf", y.is_leaf, "| grad_fn", y.grad_fn.name())
print("d: requires_grad", d.requires_grad, "| is_leaf", d.is_leaf, "| grad_fn", d.grad_fn)
