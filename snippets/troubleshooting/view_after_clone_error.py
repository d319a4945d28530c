import torch

images = torch.zeros(8, 3, 32, 32)
channels_last = images.permute(0, 2, 3, 1)  # (N, H, W, C), a view
copy = channels_last.clone()
print("clone contiguous:", copy.is_contiguous(), "| stride:", copy.stride())
try:
    copy.view(8, -1)
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
