import numpy as np
import torch

reversed_view = np.arange(4.0)[::-1]  # a NumPy view with a negative stride
try:
    torch.from_numpy(reversed_view)
except ValueError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

t = torch.from_numpy(reversed_view.copy())
print("after .copy():", t)
