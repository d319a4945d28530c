import torch
from torch import nn

embed = nn.Embedding(5, 3)
head = nn.Linear(3, 5, bias=False)
head.weight.data = embed.weight.data  # shares memory, two Parameter objects
model = nn.ModuleDict({"embed": embed, "head": head})

print("before .to(): same memory:", head.weight.data_ptr() == embed.weight.data_ptr())
model.to(torch.float64)  # each Parameter gets its own converted tensor
print("after .to(float64): same memory:", head.weight.data_ptr() == embed.weight.data_ptr())
