import torch
from torch.utils.data import DataLoader, Dataset


class Scaled(Dataset):
    def __init__(self):
        self.scale = 1  # a plain attribute: each worker has its own copy
        self.shared_scale = torch.ones(1).share_memory_()  # one storage for every process

    def __len__(self):
        return 2

    def __getitem__(self, i):
        return torch.tensor([i * self.scale]), i * self.shared_scale


def first_batch(loader):
    plain, shared = next(iter(loader))
    return f"plain {plain.flatten().tolist()}, shared {shared.flatten().tolist()}"


if __name__ == "__main__":
    data = Scaled()
    loader = DataLoader(data, batch_size=2, num_workers=1, persistent_workers=True)
    print("epoch 0:                       ", first_batch(loader))
    data.scale = 10  # rebinds the main process's attribute only
    data.shared_scale.fill_(10)  # writes into the storage the worker maps too
    print("epoch 1, same workers:         ", first_batch(loader))
    fresh = DataLoader(data, batch_size=2, num_workers=1)
    print("epoch 1, workers started anew:", first_batch(fresh))
