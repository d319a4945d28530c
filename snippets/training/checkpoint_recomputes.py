import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

calls = 0


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(8, 8)

    def forward(self, x):
        global calls
        calls += 1
        return torch.tanh(self.layer(x))


torch.manual_seed(0)
block = Block()
x = torch.randn(4, 8, requires_grad=True)

for use_checkpoint in (False, True):
    calls = 0
    block.zero_grad()
    x.grad = None
    out = checkpoint(block, x, use_reentrant=False) if use_checkpoint else block(x)
    out.sum().backward()
    weight_grad = block.layer.weight.grad.sum().item()
    print(f"checkpoint={use_checkpoint!s:5} forward calls: {calls}", end=" ")
    print(f"| x.grad sum {x.grad.sum().item():.4f} | weight grad sum {weight_grad:.4f}")
