# requires: cuda
import torch

n = 1 << 20
x = torch.zeros(n, device="cuda")
for _ in range(100):
    x.add_(1.0)  # queued GPU work: x ends up full of 100.0

host = torch.empty(n, pin_memory=True)
host.copy_(x, non_blocking=True)  # pinned destination: may return before the GPU has filled `host`
ready = torch.cuda.Event()
ready.record()
ready.synchronize()  # without this line, reading `host` below is a race
print("copy_ into pinned buffer, correct after the event:", bool((host == 100.0).all()))

moved = x.to("cpu", non_blocking=True)
print("x.to('cpu', non_blocking=True) is pinned:", moved.is_pinned())
torch.cuda.synchronize()
print("correct after torch.cuda.synchronize():", bool((moved == 100.0).all()))
