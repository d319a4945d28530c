import numpy as np
import torch

for how in ["detach()", "np.from_dlpack"]:
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = w.exp()  # exp saves its output y for the backward pass
    if how == "detach()":
        y.detach()[0] = 0.0
    else:
        np.from_dlpack(y.detach())[0] = 0.0
    try:
        y.sum().backward()
        print(f"{how:15} write: backward ran, w.grad = {w.grad}")
    except RuntimeError as e:
        print(f"{how:15} write: RuntimeError: {str(e).splitlines()[0]}")
print("correct gradient:", torch.tensor([1.0, 2.0, 3.0]).exp())
