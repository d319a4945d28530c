# requires: cuda
import torch

host = torch.ones(4096, 1024).pin_memory()  # a 16 MiB batch in pinned memory
compute = torch.cuda.current_stream()
side = torch.cuda.Stream()


def copy_during_busy_compute(stream):
    torch.cuda.synchronize()
    torch.cuda._sleep(2_000_000_000)  # stands in for the previous batch's compute
    compute_done = torch.cuda.Event()
    compute_done.record(compute)
    with torch.cuda.stream(stream):
        batch = host.to("cuda", non_blocking=True)
        copied = torch.cuda.Event()
        copied.record(stream)
    copied.synchronize()  # the host waits for the copy alone
    overlapped = not compute_done.query()
    if stream is not compute:
        compute.wait_stream(stream)  # compute must not read the batch before the copy ends
        batch.record_stream(compute)  # the allocator must not reuse it while compute reads it
    return overlapped, batch.sum().item() == host.numel()


for name, stream in [("the compute stream", compute), ("a side stream", side)]:
    copy_during_busy_compute(stream)  # the first call warms up the allocator
    overlapped, correct = copy_during_busy_compute(stream)
    print(f"copy on {name:<18} finished while compute ran: {overlapped!s:<5} | "
          f"values correct: {correct}")
