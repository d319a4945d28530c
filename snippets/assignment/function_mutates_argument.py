import torch


def normalise(x):
    x -= x.mean()  # in place: the caller's tensor is changed
    return x


batch = torch.tensor([1.0, 2.0, 3.0])
result = normalise(batch)
print("batch: ", batch)
print("result is batch:", result is batch)
