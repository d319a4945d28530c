import torch

channels_last = torch.zeros(8, 3, 32, 32).permute(0, 2, 3, 1)

copy = channels_last.clone(memory_format=torch.contiguous_format)  # one copy, row-major
print("contiguous clone, view(8, -1):", tuple(copy.view(8, -1).shape))

copy = channels_last.clone()  # keeps the permuted strides
flat = copy.reshape(8, -1)  # so reshape has to copy a second time
print("clone().reshape(8, -1):       ", tuple(flat.shape),
      "| second copy:", flat.untyped_storage().data_ptr() != copy.untyped_storage().data_ptr())
