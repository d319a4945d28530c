import torch

batch = torch.zeros(64, 3, 224, 224)  # float32: 4 bytes per element
copy = batch.clone()

new_bytes = copy.untyped_storage().nbytes()
print(f"elements:          {batch.numel():,}")
print(f"new storage:       {new_bytes:,} bytes")
print(f"in MB  (10**6 B):  {new_bytes / 10**6:.1f}")
print(f"in MiB (2**20 B):  {new_bytes / 2**20:.2f}")
same = copy.untyped_storage().data_ptr() == batch.untyped_storage().data_ptr()
print(f"shares storage:    {same}")
