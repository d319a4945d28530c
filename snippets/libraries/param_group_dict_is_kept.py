import torch
from torch import nn

weight, bias = nn.Parameter(torch.ones(2)), nn.Parameter(torch.zeros(2))
params = [weight]
groups = [{"params": params}, {"params": [bias], "lr": 0.01}]
optimizer = torch.optim.SGD(groups, lr=0.1, momentum=0.9)

print("param_groups[0] is your dict:", optimizer.param_groups[0] is groups[0])
print("keys now in your dict:", sorted(groups[0]))
print("lr filled in from the defaults:", groups[0]["lr"], "| kept where given:", groups[1]["lr"])
print("your 'params' list replaced by a new list:", groups[0]["params"] is not params)

optimizer.load_state_dict(optimizer.state_dict())  # e.g. resuming from a checkpoint
print("after optimizer.load_state_dict, still your dict:", optimizer.param_groups[0] is groups[0])
