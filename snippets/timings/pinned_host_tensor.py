# requires: cuda
import torch

pageable = torch.ones(1024)
pinned = pageable.pin_memory()  # a page-locked copy: pinning costs a host-side copy

print("pageable is_pinned:      ", pageable.is_pinned())
print("pinned is_pinned:        ", pinned.is_pinned())
print("pin_memory() copied:     ", pinned.data_ptr() != pageable.data_ptr())
print("pinning again is a no-op:", pinned.pin_memory() is pinned)
