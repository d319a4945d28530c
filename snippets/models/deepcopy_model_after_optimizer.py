import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model = copy.deepcopy(model)  # e.g. a "fresh copy" made after the optimizer

before = model.weight.detach().clone()
model(torch.randn(4, 3)).sum().backward()
optimizer.step()

held = optimizer.param_groups[0]["params"][0]
print("optimizer holds the copy's weight:", held is model.weight)
print("copy has a gradient:", model.weight.grad is not None)
print("held weight has one:", held.grad is not None)
print("step moved the copy:", not torch.equal(model.weight, before))
