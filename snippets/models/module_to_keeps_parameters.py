import torch
from torch import nn

model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
weight = model.weight

model.to(torch.float64)
print("after .to(float64): same object", model.weight is weight, "| dtype", weight.dtype)
model.to("cpu")
print("after .to('cpu'):   same object", model.weight is weight)
print("optimizer still holds it:", optimizer.param_groups[0]["params"][0] is model.weight)

torch.__future__.set_overwrite_module_params_on_conversion(True)
model.to(torch.float32)
print("overwrite flag on:  same object", model.weight is weight)
torch.__future__.set_overwrite_module_params_on_conversion(False)  # process-wide: put it back
