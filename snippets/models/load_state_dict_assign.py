import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
snapshot = {k: v.detach().clone() for k, v in model.state_dict().items()}
weight = model.weight

model.load_state_dict(snapshot, assign=True)
print("same Parameter object:", model.weight is weight)
print("new weight:", type(model.weight).__name__, "| requires_grad:", model.weight.requires_grad)
print("is the snapshot tensor:", model.weight is snapshot["weight"])
print("shares storage with snapshot:", model.weight.data_ptr() == snapshot["weight"].data_ptr())

with torch.no_grad():
    model.weight.add_(1.0)  # what an optimizer step does
print("snapshot changed by the update:", torch.equal(snapshot["weight"], model.weight))

other = nn.Linear(3, 1)
model.load_state_dict(other.state_dict(keep_vars=True), assign=True)
print("given Parameters (keep_vars=True), uses them:", model.weight is other.weight)

as_double = {k: v.double() for k, v in other.state_dict().items()}
model.load_state_dict(as_double)
print("float64 snapshot, copied in:  ", model.weight.dtype)
model.load_state_dict(as_double, assign=True)
print("float64 snapshot, assign=True:", model.weight.dtype)
