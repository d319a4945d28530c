import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()
d = y.detach()
c = y.clone()

print("start:              y", y._version, "| d", d._version, "| c", c._version)
d.add_(1)
print("after d.add_(1):    y", y._version, "| d", d._version, "| c", c._version)
y.mul_(1)
print("after y.mul_(1):    y", y._version, "| d", d._version, "| c", c._version)
c.zero_()
print("after c.zero_():    y", y._version, "| d", d._version, "| c", c._version)
