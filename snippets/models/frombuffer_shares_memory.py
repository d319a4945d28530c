import struct
import warnings

import torch

buffer = bytearray(12)  # room for three float32 values
t = torch.frombuffer(buffer, dtype=torch.float32)

struct.pack_into("f", buffer, 0, 1.5)  # write through the bytearray
print("tensor after a bytearray write:", t)
print("t._version after a bytearray write:", t._version)

t[1] = 2.0  # write through the tensor
print("bytearray read back:", struct.unpack("3f", buffer))
print("t._version after a tensor write:", t._version)

data = bytes(4)  # read-only: Python treats bytes as immutable
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    r = torch.frombuffer(data, dtype=torch.float32)
print("bytes: warns", caught[0].category.__name__ + ":", str(caught[0].message).split(",")[0])
r[0] = 1.0
print("bytes object changed by a tensor write:", data != bytes(4))
