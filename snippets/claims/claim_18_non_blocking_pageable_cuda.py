# requires: cuda
import torch


def host_waited_for_stream(host_tensor):
    """True when the copy call returned only after earlier GPU work had finished."""
    torch.cuda.synchronize()
    torch.cuda._sleep(2_000_000_000)  # keeps the stream busy for about a second
    busy_done = torch.cuda.Event()
    busy_done.record()
    host_tensor.to("cuda", non_blocking=True)
    waited = busy_done.query()
    torch.cuda.synchronize()
    return waited


x = torch.randn(1024, 1024)
print("host -> device, pageable source: host waited:", host_waited_for_stream(x))
print("host -> device, pinned source:   host waited:", host_waited_for_stream(x.pin_memory()))
y = torch.ones(1024, device="cuda").to("cpu", non_blocking=True)
torch.cuda.synchronize()
print("device -> host with non_blocking=True: result pinned:", y.is_pinned())
