import torch

t = torch.ones(3)
ptr = t.untyped_storage().data_ptr()
steps = [
    ("add_(2)", lambda: t.add_(2)),
    ("mul_(10)", lambda: t.mul_(10)),
    ("zero_()", lambda: t.zero_()),
    ("fill_(5)", lambda: t.fill_(5)),
    ("t[0] = -1", lambda: t.__setitem__(0, -1.0)),
    ("t += 1", lambda: t.__iadd__(1)),
]
for name, step in steps:
    step()
    same = t.untyped_storage().data_ptr() == ptr
    print(f"{name:<10} {t.tolist()}  version={t._version}  same storage={same}")

t + 1  # an out-of-place op reads t, it does not write it
print("after t + 1: version =", t._version)

m = torch.ones(2, 3)  # underscore methods that change no value
m.requires_grad_()
print("requires_grad_(): version =", m._version)
n = torch.ones(2, 3)
n.t_()
print("t_():             version =", n._version, "| values unchanged, shape", tuple(n.shape))
n.unsqueeze_(0)
print("unsqueeze_(0):    version =", n._version)

x = torch.ones(2, 2, requires_grad=True)
y = x.exp()  # exp saves y for the backward pass
y.t_()  # no value changes, but the version moves
try:
    y.sum().backward()
except RuntimeError as e:
    print("backward after y.t_():", f"{type(e).__name__}: {str(e).splitlines()[0]}")
