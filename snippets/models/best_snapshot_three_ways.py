import copy
import io

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
at_best = model.weight.detach().clone()  # to compare against

deep = copy.deepcopy(model.state_dict())
cloned = {k: v.detach().clone() for k, v in model.state_dict().items()}
buffer = io.BytesIO()
torch.save(model.state_dict(), buffer)

for _ in range(3):
    optimizer.zero_grad()
    model(torch.randn(4, 3)).sum().backward()
    optimizer.step()

buffer.seek(0)
saved = torch.load(buffer)
print("model moved on:      ", not torch.equal(model.weight, at_best))
print("deepcopy unchanged:  ", torch.equal(deep["weight"], at_best))
print("clone dict unchanged:", torch.equal(cloned["weight"], at_best))
print("BytesIO unchanged:   ", torch.equal(saved["weight"], at_best))
