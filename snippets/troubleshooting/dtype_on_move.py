import torch

data = torch.tensor([0.1, 16_777_217.0], dtype=torch.float64)
weight = torch.zeros(1)  # float32, like most model parameters
moved = data.to(weight)  # "move it where the model is": device AND dtype of weight
print("dtype:", data.dtype, "->", moved.dtype)
for before, after in zip(data.tolist(), moved.tolist(), strict=True):
    print(f"{before!r:>12} -> {after!r}")
print("default dtype for new float tensors:", torch.get_default_dtype())
