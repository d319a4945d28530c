import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

best = model.state_dict()  # meant as a snapshot
before = best["weight"].clone()

model(torch.randn(4, 3)).sum().backward()
optimizer.step()

w = best["weight"]
print("state_dict tensor is the Parameter:", w is model.weight)
print("shares storage with it:", w.data_ptr() == model.weight.data_ptr())
print("requires_grad:", w.requires_grad)
print("changed by the step:", not torch.equal(w, before))
