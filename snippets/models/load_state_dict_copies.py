import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
snapshot = {k: v.detach().clone() for k, v in model.state_dict().items()}
weight = model.weight

print(model.load_state_dict(snapshot))
print("same Parameter object:", model.weight is weight)
print("shares storage with snapshot:", model.weight.data_ptr() == snapshot["weight"].data_ptr())

kept = snapshot["weight"].clone()
model(torch.randn(4, 3)).sum().backward()
optimizer.step()
print("optimizer moved the model:", not torch.equal(model.weight, kept))
print("snapshot unchanged:", torch.equal(snapshot["weight"], kept))
