import torch

x = torch.ones(64 * 2**20 // 4, requires_grad=True)  # 64 MiB of float32
d = x.detach()

print("new tensor object:", d is not x)
print("same storage:     ", d.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
print("requires_grad:    ", d.requires_grad)
print("storage bytes:    ", d.untyped_storage().nbytes() // 2**20, "MiB, the source's own")
