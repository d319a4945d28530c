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
saved = optimizer.state_dict()  # meant as a snapshot
state = saved["state"][0]  # entries are keyed by parameter index
exp_avg, step = state["exp_avg"].clone(), state["step"].item()

train_step()
print("keys of state 0:", sorted(state))
own = optimizer.state[model.weight]["exp_avg"]
print("is the optimizer's own exp_avg:", state["exp_avg"] is own)
print("exp_avg changed by the next step:", not torch.equal(state["exp_avg"], exp_avg))
print("step counter:", step, "->", state["step"].item())
