import torch
from torch import nn

model = nn.Linear(2, 1)
best = model.state_dict().copy()  # a new dictionary over the same tensors
print("new dictionary:", best is not model.state_dict())
print("shares storage with the weight:", best["weight"].data_ptr() == model.weight.data_ptr())
print("_metadata kept:", hasattr(best, "_metadata"))

with torch.no_grad():
    model.weight.add_(1.0)  # what a training step does
print("best changed with the model:", torch.equal(best["weight"], model.weight))

best["bias"] = torch.zeros(1)  # replacing an entry only changes the copy of the dictionary
print("model.bias replaced too:", torch.equal(model.bias, torch.zeros(1)))
