import torch

w = torch.arange(6.0).reshape(2, 3).requires_grad_()
y = w * 2

print(f"storage:   {w.untyped_storage().nbytes()} bytes")
print(f"metadata:  shape={tuple(w.shape)} stride={w.stride()} offset={w.storage_offset()}")
print(f"           dtype={w.dtype} device={w.device}")
print(f"graph (w): requires_grad={w.requires_grad} is_leaf={w.is_leaf} grad_fn={w.grad_fn}")
print(f"graph (y): requires_grad={y.requires_grad} is_leaf={y.is_leaf} grad_fn={y.grad_fn.name()}")
