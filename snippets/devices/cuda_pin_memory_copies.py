# requires: cuda
import torch

t = torch.zeros(4)
pinned = t.pin_memory()
print("t pinned:", t.is_pinned(), "| pinned pinned:", pinned.is_pinned())
same = pinned.untyped_storage().data_ptr() == t.untyped_storage().data_ptr()
print("pinned is t:", pinned is t, "| same storage:", same)

pinned[0] = 1.0
print("t after writing pinned:", t)
print("pinning again returns the same tensor:", pinned.pin_memory() is pinned)
