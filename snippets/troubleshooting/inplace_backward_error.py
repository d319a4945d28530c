import torch

z = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
h = torch.sigmoid(z)  # sigmoid saves its output for the backward pass
h += 1  # overwrites that saved output
try:
    h.sum().backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
