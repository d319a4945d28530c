# requires: cuda
import torch
from torch.utils.data import DataLoader, TensorDataset

features = torch.zeros(3 * 2**20 // 4)  # 3 MiB of float32
pinned = features.pin_memory()  # a copy: for a moment both exist
print("pin_memory() is a new tensor:", pinned is not features)
print("same storage:", pinned.untyped_storage().data_ptr() == features.untyped_storage().data_ptr())
stats = torch.cuda.host_memory_stats()  # the caching host allocator's counters
held = next(v for k, v in stats.items() if k.startswith("allocated_bytes") and "current" in k)
print("pinned bytes held:", held, "for", pinned.nbytes, "bytes of data")
del features  # drop the pageable original, or the data lives in host memory twice

print("slice of the pinned tensor pinned:", pinned[0:256].is_pinned())
print("pinned[index] pinned:", pinned[torch.arange(256)].is_pinned())
batch = next(iter(DataLoader(TensorDataset(pinned), batch_size=256)))[0]
print("DataLoader batch pinned:", batch.is_pinned())
on_gpu = pinned[0:256].to("cuda", non_blocking=True)
torch.cuda.current_stream().synchronize()
print("slice copied to:", on_gpu.device.type)
