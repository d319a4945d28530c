# requires: cuda
import torch

batch = torch.zeros(64, 3, 224, 224, device="cuda")
torch.cuda.synchronize()
before = torch.cuda.memory_allocated()
copy = batch.clone()
torch.cuda.synchronize()
print("memory_allocated grew by:", torch.cuda.memory_allocated() - before, "bytes")
print("storage of the clone:    ", copy.untyped_storage().nbytes(), "bytes")
