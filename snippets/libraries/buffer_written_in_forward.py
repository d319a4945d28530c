import torch
from torch import nn


class RunningScale(nn.Module):
    def __init__(self, in_place):
        super().__init__()
        self.in_place = in_place
        self.register_buffer("scale", torch.ones(2))

    def forward(self, x):
        out = x * self.scale  # autograd saves scale for the backward of x
        if self.in_place:
            self.scale.mul_(0.9)  # the saved tensor changes
        else:
            self.scale = self.scale * 0.9  # a new tensor; the saved one is kept
        return out


x = torch.ones(2, requires_grad=True)
for in_place in (True, False):
    module = RunningScale(in_place)
    loss = module(x).sum()
    try:
        loss.backward()
        print(
            f"in_place={in_place}: backward ran | still a buffer:",
            "scale" in dict(module.named_buffers()),
        )
    except RuntimeError as error:
        print(f"in_place={in_place}: {type(error).__name__}: {str(error).split(':')[0]}")
