import numpy as np
import torch

array = np.zeros(3, dtype=np.float32)
from_array = torch.from_numpy(array)
from_array[0] = 1.0  # write through the tensor
print("array after tensor write: ", array)

tensor = torch.zeros(3)
as_array = tensor.numpy()
as_array[1] = 2.0  # write through the array
print("tensor after array write: ", tensor)
copied = torch.tensor(array)  # torch.tensor always copies
print("torch.tensor(array) shares memory:", np.shares_memory(copied.numpy(), array))
print("dtype follows the array:  ", torch.from_numpy(np.zeros(1)).dtype)
