import torch
from torch import nn


class Jitter(nn.Module):
    def __init__(self, in_place):
        super().__init__()
        self.in_place = in_place

    def forward(self, x):
        noise = torch.full_like(x, 0.5)  # stands in for random noise
        return x.add_(noise) if self.in_place else x + noise


for in_place in (True, False):
    batch = torch.zeros(3)  # e.g. a batch the data loader hands out
    Jitter(in_place)(batch)
    print(f"in_place={in_place!s:5} batch after forward: {batch}")

leaf = torch.zeros(3, requires_grad=True)  # an input we want gradients for
try:
    Jitter(in_place=True)(leaf)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
