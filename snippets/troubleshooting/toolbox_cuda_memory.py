# requires: cuda
import torch

torch.cuda.synchronize()
start = torch.cuda.memory_allocated()
t = torch.zeros(1024, 1024, device="cuda")  # 4 MiB
print("allocated by t:         ", torch.cuda.memory_allocated() - start, "bytes")
del t
print("allocated after del t:  ", torch.cuda.memory_allocated() - start, "bytes")
print("reserved (cache) kept:  ", torch.cuda.memory_reserved() > 0)
print("memory_summary mentions:", "Allocated memory" in torch.cuda.memory_summary())
