# requires: cuda
import torch

x = torch.zeros(1 << 20, device="cuda")
for _ in range(100):
    x.add_(1.0)
queued = torch.cuda.Event()
queued.record()  # marks the end of the work queued so far

value = x[-1].item()  # has to wait for the GPU to produce the number
print("value:", value, "| type:", type(value).__name__)
print("work queued before .item() has finished:", queued.query())
