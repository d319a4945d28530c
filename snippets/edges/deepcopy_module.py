import copy

import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
twin = copy.deepcopy(model)

print("same values:", torch.equal(twin.weight, model.weight))
same = twin.weight.untyped_storage().data_ptr() == model.weight.untyped_storage().data_ptr()
print("shares storage:", same)
print("twin weight:", type(twin.weight).__name__, "| is_leaf:", twin.weight.is_leaf)

with torch.no_grad():
    model.weight.zero_()
print("twin weight after zeroing model:", twin.weight.detach())
