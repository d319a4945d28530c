import torch

t = torch.zeros(3)
moved = t.to("cpu")  # nothing to do: the very same tensor comes back
forced = t.to("cpu", copy=True)

moved[0] = 1.0
forced[1] = 2.0
print("t after writes:", t)
print("forced copy:   ", forced)
