import torch

batch = torch.zeros(64, 3, 224, 224)
copy = batch.clone()
size = copy.untyped_storage().nbytes()
print("elements:", batch.numel(), "x", batch.element_size(), "bytes")
print("new storage of the clone:", size, "bytes")
print(f"= {size / 1e6:.1f} MB (10^6 bytes) = {size / 2**20:.2f} MiB (2^20 bytes)")
