import torch
from torch import nn

model = nn.Linear(2, 1)
weight = model.weight
half = model.to(torch.float16)  # meant as a half-precision copy
print("model.to(float16) is model:", half is model)
print("model.weight.dtype now:", model.weight.dtype, "| same Parameter:", model.weight is weight)

t = torch.zeros(2)
t16 = t.to(torch.float16)
print("t.to(float16) is t:", t16 is t, "| t.dtype still:", t.dtype)

model.cache = torch.zeros(2)  # a plain attribute, not a registered buffer
model.register_buffer("scale", torch.ones(2))
model.register_buffer("count", torch.zeros((), dtype=torch.int64))  # like num_batches_tracked
weight, scale = model.weight, model.scale  # references kept elsewhere (an optimizer, a dict)
model.to(torch.float64)
print("after .to(float64): buffer", model.scale.dtype, "| plain attribute", model.cache.dtype,
      "| integer buffer", model.count.dtype)
print("same Parameter:", model.weight is weight, "| same buffer:", model.scale is scale,
      "| the kept buffer:", scale.dtype)
