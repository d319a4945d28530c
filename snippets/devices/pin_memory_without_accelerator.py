import torch

t = torch.ones(4)
print("is_pinned:", t.is_pinned())
try:
    t.pin_memory()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
