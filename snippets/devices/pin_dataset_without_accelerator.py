import torch
from torch.utils.data import DataLoader, TensorDataset

features = torch.zeros(1000, 64)
labels = torch.zeros(1000, dtype=torch.int64)
print("page-locked bytes a pinned copy would take:", features.nbytes + labels.nbytes)
try:
    features.pin_memory()
except RuntimeError as e:
    print("pin_memory():", type(e).__name__ + ":", str(e).splitlines()[0])
try:
    torch.empty(1000, 64, pin_memory=True)
except RuntimeError as e:
    print("empty(pin_memory=True):", type(e).__name__ + ":", str(e).splitlines()[0])

dataset = TensorDataset(features, labels)
base = features.untyped_storage().data_ptr()
batch = next(iter(DataLoader(dataset, batch_size=256)))[0]
print("DataLoader batch shares the dataset's memory:", batch.untyped_storage().data_ptr() == base)
print("slice features[0:256] shares it:", features[0:256].untyped_storage().data_ptr() == base)
picked = features[torch.arange(256)]
print("features[index] shares it:", picked.untyped_storage().data_ptr() == base)
