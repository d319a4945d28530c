import torch
from torch import nn

weight = nn.Parameter(torch.ones(2))
groups = [{"params": [weight]}]

first = torch.optim.SGD(groups, lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.StepLR(first, step_size=1, gamma=0.5)
first.step()
scheduler.step()
print(
    "your dict after one scheduler step:",
    {k: groups[0][k] for k in ("lr", "initial_lr", "momentum")},
)

second = torch.optim.SGD(groups, lr=0.1)  # the same dicts, a "fresh" optimizer
print(
    "second optimizer lr:",
    second.param_groups[0]["lr"],
    "| momentum:",
    second.param_groups[0]["momentum"],
)
print("both optimizers hold one dict:", second.param_groups[0] is first.param_groups[0])
scheduler.step()
print("after the first optimizer's scheduler steps again, second lr:", second.param_groups[0]["lr"])
