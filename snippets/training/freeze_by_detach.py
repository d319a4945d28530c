import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Linear(4, 8)
head = nn.Linear(8, 1)
x = torch.randn(16, 4)

features = backbone(x).detach()  # the backbone is frozen for this loss
head(features).pow(2).mean().backward()

print("backbone grad:", backbone.weight.grad)
print("head grad is set:", head.weight.grad is not None)
print("features is_leaf:", features.is_leaf, "| requires_grad:", features.requires_grad)
