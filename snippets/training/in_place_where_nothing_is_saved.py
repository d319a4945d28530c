import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(4, 4)
x = torch.randn(2, 4)

out = layer(x)  # the matrix product saves its inputs, not its output
print("version before +=:", out._version)
out += x  # so writing into the output is allowed
print("version after +=: ", out._version)
out.sum().backward()
print("backward ok, weight grad sum:", round(layer.weight.grad.sum().item(), 4))
