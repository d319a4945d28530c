import torch

with torch.inference_mode():
    cached = torch.full((2,), 3.0)  # e.g. a statistic computed once for inference

try:
    cached.add_(1)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
print("values after the error:", cached)

with torch.inference_mode():
    cached.add_(1)  # allowed inside inference mode
print("after add_ inside inference_mode:", cached)
