import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)


def train_step():
    optimizer.zero_grad()
    model(torch.randn(4, 3)).sum().backward()
    optimizer.step()


train_step()
snapshot = copy.deepcopy(optimizer.state_dict())
kept = snapshot["state"][0]["exp_avg"].clone()

optimizer.load_state_dict(snapshot)
live = optimizer.state[model.weight]
print("exp_avg is the snapshot's tensor:", live["exp_avg"] is snapshot["state"][0]["exp_avg"])
train_step()
print("snapshot exp_avg changed by a step:", not torch.equal(snapshot["state"][0]["exp_avg"], kept))
print("snapshot step counter (taken at 1.0):", snapshot["state"][0]["step"].item())

as_double = copy.deepcopy(optimizer.state_dict())
as_double["state"][0]["exp_avg"] = as_double["state"][0]["exp_avg"].double()
optimizer.load_state_dict(as_double)
print("float64 exp_avg loaded as:", optimizer.state[model.weight]["exp_avg"].dtype, "| a copy:",
      optimizer.state[model.weight]["exp_avg"] is not as_double["state"][0]["exp_avg"])
