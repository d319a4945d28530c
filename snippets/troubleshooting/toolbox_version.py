import torch

a = torch.zeros(3)
d = a.detach()
v = a[1:]
print("start:          a._version =", a._version)
a.add_(1)
print("after a.add_:   a._version =", a._version)
d.mul_(2)
v[0] = 5.0
print("after writes through d and v: a._version =", a._version,
      "| d._version =", d._version, "| v._version =", v._version)
