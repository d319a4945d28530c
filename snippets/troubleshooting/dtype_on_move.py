import numpy as np
import torch

data = torch.from_numpy(np.array([0.1, 16_777_217.0]))  # NumPy's default float64 comes along
weight = torch.zeros(1)  # float32, the default dtype, like most model parameters
moved = data.to(weight)  # "move it where the model is": device AND dtype of weight
print("dtype:", data.dtype, "->", moved.dtype)
for before, after in zip(data.tolist(), moved.tolist(), strict=True):
    print(f"{before!r:>12} -> {after!r}")
