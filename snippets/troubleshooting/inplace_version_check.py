import torch

z = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
h = torch.sigmoid(z)
print("h._version after sigmoid:", h._version)
h += 1
print("h._version after h += 1: ", h._version)
