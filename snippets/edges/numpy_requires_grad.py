import numpy as np
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    w.numpy()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
with torch.no_grad():  # the check only runs while grad mode is on
    arr = w.numpy()
print("under no_grad, numpy() shares memory with w:", np.shares_memory(arr, w.detach().numpy()))

forced = w.numpy(force=True)
print("numpy(force=True) shares memory with w:", np.shares_memory(forced, w.detach().numpy()))
forced[0] = 100.0  # on the CPU this writes into the parameter, unseen by autograd
print("w after writing the array:", w)
print("w version after the array write:", w._version)
w.detach()[1] = 200.0  # a write through detach() is counted
print("w version after a detach() write:", w._version)
