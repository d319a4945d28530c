import torch
from torch import nn


class Counted(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("seen", torch.zeros(()))
        self.calls = 0

    def forward(self, x):
        self.calls += 1  # an attribute written in forward
        self.seen.add_(x.shape[0])  # a buffer written in place
        return self.linear(x)


model = Counted()
wrapped = nn.DataParallel(model)
print("GPUs:", torch.cuda.device_count(), "| device_ids:", wrapped.device_ids)
wrapped(torch.ones(4, 2))
wrapped(torch.ones(4, 2))
print("calls:", model.calls, "| seen:", model.seen.item())
