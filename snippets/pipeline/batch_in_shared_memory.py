import torch
from torch.utils.data import DataLoader


def own_collate(samples):
    """A collate_fn of your own: torch.stack, which asks for no shared memory."""
    batch = torch.stack(samples)
    return batch, batch.is_shared()  # the flag as the worker sees it


if __name__ == "__main__":
    images = [torch.zeros(3, 64, 64) for _ in range(8)]
    for workers in (0, 2):
        loader = DataLoader(images, batch_size=4, num_workers=workers)
        batch = next(iter(loader))
        print(f"num_workers={workers}: batch in shared memory: {batch.is_shared()}")
    loader = DataLoader(images, batch_size=4, num_workers=2, collate_fn=own_collate)
    batch, in_worker = next(iter(loader))
    print(f"own collate_fn: in the worker {in_worker}, in the main process {batch.is_shared()}")
    loader = DataLoader(images, batch_size=4, num_workers=2)
    print("batches a worker may have ready ahead:", loader.prefetch_factor, "per worker")
