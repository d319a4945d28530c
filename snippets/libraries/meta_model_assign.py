import warnings

import torch
from torch import nn

weights = nn.Linear(2, 2).state_dict()

with torch.device("meta"):
    model = nn.Linear(2, 2)  # no memory yet

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model.load_state_dict(weights)
print(
    "copy into meta: device",
    model.weight.device,
    "| warned of a no-op:",
    "no-op" in str(caught[0].message),
)

model.load_state_dict(weights, assign=True)
print(
    "assign=True: device",
    model.weight.device,
    "| a Parameter:",
    isinstance(model.weight, nn.Parameter),
)
print("the checkpoint's memory:", model.weight.data_ptr() == weights["weight"].data_ptr())

with torch.device("meta"):
    model = nn.Linear(2, 2, dtype=torch.float64)
model.to_empty(device="cpu")  # memory of its own, values not yet set
checkpoint = nn.Linear(2, 2).state_dict()  # float32
model.load_state_dict(checkpoint)  # an ordinary copy in
print(
    "to_empty(), then load_state_dict: device",
    model.weight.device,
    "| dtype",
    model.weight.dtype,
    "| values loaded:",
    torch.equal(model.weight, checkpoint["weight"].double()),
)
