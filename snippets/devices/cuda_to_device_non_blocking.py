# requires: cuda
import torch

n = 1 << 20
host = torch.ones(n).pin_memory()

on_device = host.to("cuda", non_blocking=True)  # pinned source: may return before the copy ends
total = on_device.sum()  # same stream: runs after the copy, no synchronisation needed

copied = torch.cuda.Event()
copied.record()
copied.synchronize()  # the copy may still be reading `host`: wait before overwriting it
host.fill_(-1.0)

print("sum on the device:", total.item())
