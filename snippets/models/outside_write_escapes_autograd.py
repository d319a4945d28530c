import numpy as np
import torch

hooks = torch.autograd.graph.saved_tensors_hooks
for how in ["detach()", "np.from_dlpack", "detach(), hooks"]:
    w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    with hooks(lambda t: t, lambda t: t) if how == "detach(), hooks" else torch.enable_grad():
        y = w.exp()  # exp saves its output y for the backward pass
    if how == "np.from_dlpack":
        np.from_dlpack(y.detach())[0] = 0.0
    else:
        y.detach()[0] = 0.0
    try:
        y.sum().backward()
        print(f"{how:15} write: backward ran, w.grad = {w.grad}")
    except RuntimeError as e:
        print(f"{how:15} write: RuntimeError: {str(e).splitlines()[0]}")
print("correct gradient:", torch.tensor([1.0, 2.0, 3.0]).exp())
