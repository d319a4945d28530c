import torch

batch = torch.zeros(64, 3, 224, 224)
first = batch[0]  # a view of the batch
first_copy = batch[0].clone()  # only the 3 x 224 x 224 elements it shows
del batch  # the name is gone; is the memory?

print(f"batch[0]:         storage of {first.untyped_storage().nbytes():,} bytes")
print(f"batch[0].clone(): storage of {first_copy.untyped_storage().nbytes():,} bytes")
