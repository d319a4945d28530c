import numpy as np
import torch

t = torch.zeros(3)
a = np.from_dlpack(t)  # a NumPy array over t's memory
a[0] = 5.0
print("tensor after a NumPy write:", t, "| t._version:", t._version)
t[1] = 6.0
print("array after a tensor write:", a, "| t._version:", t._version)

arr = np.zeros(3, dtype=np.float32)
u = torch.from_dlpack(arr)  # a tensor over the array's memory
arr[2] = 4.0
print("from_dlpack tensor after an array write:", u, "| u._version:", u._version)

copied = np.from_dlpack(t, copy=True)  # NumPy 2.1+: ask for a copy
copied[0] = -1.0
print("tensor after writing a copy=True array:", t)

w = torch.ones(3, requires_grad=True)
try:
    np.from_dlpack(w)
except BufferError as e:
    print(type(e).__name__ + ":", e)

z = torch.tensor([1 + 2j, 3 - 1j])
try:
    np.from_dlpack(z.conj())  # the conjugate bit does not travel: refused
except BufferError as e:
    print(type(e).__name__ + ":", e)
imag = z.conj().imag  # a view with the negative bit set
print("z.conj().imag:", imag.tolist(), "| through DLPack:", np.from_dlpack(imag).tolist())
print("after resolve_neg():", np.from_dlpack(imag.resolve_neg()).tolist())

frozen = np.zeros(3, dtype=np.float32)
frozen.setflags(write=False)
torch.from_dlpack(frozen)[0] = 1.0  # no warning, unlike torch.as_tensor
print("read-only array after a tensor write:", frozen)
