import mmap

import numpy as np
import torch


def address(buffer):
    return np.frombuffer(buffer, dtype=np.uint8).ctypes.data  # compared, never printed


# The tensor keeps a reference to the bytearray, but does not hold its buffer exported.
buffer = bytearray(12)
t = torch.frombuffer(buffer, dtype=torch.float32)
buffer.extend(bytes(1 << 20))  # allowed: the bytearray grows and moves
print("bytearray.extend with the tensor alive: succeeded")
print("tensor still points into the bytearray:", t.data_ptr() == address(buffer))
del t  # never read it: its memory has been freed

mapping = mmap.mmap(-1, 4096)
t = torch.frombuffer(mapping, dtype=torch.float32)
mapping.close()  # allowed too: the pages are unmapped under the tensor
print("mmap.close with the tensor alive: succeeded")
del t

# NumPy holds the export, and torch.from_numpy keeps the array alive.
buffer = bytearray(12)
t = torch.from_numpy(np.frombuffer(buffer, dtype=np.float32))
try:
    buffer.extend(bytes(4))
except BufferError as e:
    print("through np.frombuffer, extend:", type(e).__name__ + ":", e)
del t

# A memoryview holds the export, and the tensor keeps the memoryview alive.
buffer = bytearray(12)
t = torch.frombuffer(memoryview(buffer), dtype=torch.float32)
try:
    buffer.extend(bytes(4))
except BufferError as e:
    print("through a memoryview, extend:", type(e).__name__ + ":", e)

mapping = mmap.mmap(-1, 4096)
t = torch.frombuffer(memoryview(mapping), dtype=torch.float32)
try:
    mapping.close()
except BufferError as e:
    print("through a memoryview, close: ", type(e).__name__ + ":", e)

# Or own the memory: clone() copies it into a storage of the tensor's own.
buffer = bytearray(12)
own = torch.frombuffer(buffer, dtype=torch.float32).clone()
buffer.extend(bytes(4))
print("clone() after extend:", own)
