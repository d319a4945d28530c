import numpy as np
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    w.numpy()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

forced = w.numpy(force=True)
print("numpy(force=True) shares memory with w:", np.shares_memory(forced, w.detach().numpy()))
forced[0] = 100.0  # on the CPU this writes into the parameter, unseen by autograd
print("w after writing the array:", w)
print("w version counter:", w._version)
