import torch
from torch import nn

layer = nn.Linear(4, 1, bias=False)
optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
x = torch.ones(1, 4)


def step():
    loss = layer(x).float().sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return round(loss.item(), 2)


with torch.no_grad():
    layer.weight.fill_(1.0)
with torch.autocast("cpu", dtype=torch.bfloat16):  # the whole loop in one region
    losses = [step() for _ in range(3)]
print("loop inside one autocast region:", losses)
print("the weight did change:", [round(v, 2) for v in layer.weight[0].tolist()])

with torch.no_grad():
    layer.weight.fill_(1.0)
losses = []
for _ in range(3):
    with torch.autocast("cpu", dtype=torch.bfloat16):  # only the forward
        loss = layer(x).float().sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(round(loss.item(), 2))
print("forward in the region, step outside:", losses)
