import torch
from torch import nn


def make_groups(model):
    """New dicts on every call: an optimizer cannot leave its settings in them."""
    return [
        {"params": [model.weight]},
        {"params": [model.bias], "weight_decay": 0.0},
    ]


model = nn.Linear(2, 2)
first = torch.optim.SGD(make_groups(model), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.StepLR(first, step_size=1, gamma=0.5)
first.step()
scheduler.step()
second = torch.optim.SGD(make_groups(model), lr=0.1)
print(
    "first lr:",
    first.param_groups[0]["lr"],
    "| second lr:",
    second.param_groups[0]["lr"],
    "| momentum:",
    second.param_groups[0]["momentum"],
)
print("dicts shared:", second.param_groups[0] is first.param_groups[0])
