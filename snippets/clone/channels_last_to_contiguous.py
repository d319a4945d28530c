import torch

images = torch.zeros(8, 3, 32, 32).to(memory_format=torch.channels_last)
kept = images.clone()
row_major = images.clone(memory_format=torch.contiguous_format)

print("clone():                  stride", kept.stride())
print("clone(contiguous_format): stride", row_major.stride())
print("channels_last kept:", kept.is_contiguous(memory_format=torch.channels_last))
print("same values:       ", torch.equal(kept, row_major))
try:
    kept.view(8, -1)  # the classic flatten before a linear layer
except RuntimeError as error:
    print("clone().view(8, -1):", type(error).__name__ + ":", str(error).splitlines()[0])
flat = row_major.view(8, -1)
print("clone(contiguous_format).view(8, -1): shape", tuple(flat.shape))

pooled = torch.zeros(8, 512, 1, 1).to(memory_format=torch.channels_last)  # after global pooling
print("pooled [8, 512, 1, 1]: clone().view(8, -1): shape", tuple(pooled.clone().view(8, -1).shape))
