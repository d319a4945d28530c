from multiprocessing.reduction import ForkingPickler

import numpy as np
import torch
import torch.multiprocessing  # noqa: F401  (registers torch's reducers, as DataLoader does)

n = 1_000_000  # float64 values: 8,000,000 bytes of data
array = np.zeros(n)
tensor = torch.zeros(n, dtype=torch.float64)
floats = [float(i) for i in range(n)]

# Under spawn and forkserver, DataLoader sends the dataset to each worker pickled like this
print("numpy array: pickle carries the data:", len(ForkingPickler.dumps(array)) > 8 * n)
print("list of floats: pickle carries the data:", len(ForkingPickler.dumps(floats)) > 8 * n)
print("tensor: pickle carries the data:", len(ForkingPickler.dumps(tensor)) > 8 * n)
print("tensor moved to shared memory by pickling:", tensor.is_shared())
