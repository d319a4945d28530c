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
