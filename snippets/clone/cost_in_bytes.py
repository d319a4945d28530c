import torch

batch = torch.zeros(64, 3, 224, 224)  # float32: 4 bytes per element
copy = batch.clone()

size = copy.nbytes  # numel() * element_size()
print(f"elements:     {copy.numel():,}")
print(f"bytes:        {size:,}")
print(f"MB  (10**6):  {size / 10**6:.2f}")
print(f"MiB (2**20):  {size / 2**20:.2f}")
print("new storage of exactly that size:", copy.untyped_storage().nbytes() == size)
