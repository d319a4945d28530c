import numpy as np
import torch

# An image as OpenCV returns it: height x width x channels, channels in BGR order.
bgr = np.arange(2 * 2 * 3, dtype=np.uint8).reshape(2, 2, 3)

rgb = bgr[:, :, ::-1]  # a view that walks the channels backwards
print("rgb strides:", rgb.strides, "| shares bgr's memory:", np.shares_memory(rgb, bgr))
refusal = ""
try:
    torch.from_numpy(rgb)
except ValueError as error:
    refusal = str(error)
    print("from_numpy(rgb): ValueError:", refusal.splitlines()[0])
for make in (torch.as_tensor, torch.tensor):  # torch.tensor copies anyway, and still refuses
    try:
        make(rgb)
        print(f"{make.__name__}(rgb): accepted")
    except ValueError as error:
        print(f"{make.__name__}(rgb): ValueError, same message: {str(error) == refusal}")

chw = bgr.transpose(2, 0, 1)  # not contiguous, but every stride is positive
tensor = torch.from_numpy(chw)
print("from_numpy(transposed) shares memory:", np.shares_memory(tensor.numpy(), bgr))

fixed = torch.from_numpy(rgb.copy())  # one copy, contiguous
flipped = torch.from_numpy(bgr).flip(-1)
print("copy then from_numpy equals flip:", torch.equal(fixed, flipped))
print("flip shares bgr's memory:", np.shares_memory(flipped.numpy(), bgr))
