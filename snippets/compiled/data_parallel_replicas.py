# requires: cuda
import torch
from torch import nn
from torch.nn.parallel import replicate


class Counted(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("seen", torch.zeros(()))
        self.register_buffer("last", torch.zeros(()))
        self.calls = 0

    def forward(self, x):
        self.calls += 1  # an attribute written in forward
        self.seen.add_(x.shape[0])  # a buffer written in place
        self.last = x.sum().detach()  # a buffer rebound to a new tensor
        return self.linear(x)


model = Counted().cuda()
# What DataParallel.forward does with two or more GPUs, here onto GPU 0 only:
(replica,) = replicate(model, [0])
replica(torch.ones(4, 2, device="cuda"))
print("replica is the model:", replica is model)
print("replica calls:", replica.calls, "| model calls:", model.calls)
print("in-place buffer, model sees:", model.seen.item())
print("rebound buffer, replica:", replica.last.item(), "| model:", model.last.item())
print("replica weight is a Parameter:", isinstance(replica.linear.weight, nn.Parameter))
print(
    "replica weight shares the model's memory:",
    replica.linear.weight.data_ptr() == model.linear.weight.data_ptr(),
)

wrapped = nn.DataParallel(model)
wrapped(torch.ones(4, 2, device="cuda"))
print("GPUs:", torch.cuda.device_count(), "| model calls after DataParallel:", model.calls)
