import gc

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader


def first_batch(samples, workers, collate_fn=None):
    loader = DataLoader(samples, batch_size=2, num_workers=workers, collate_fn=collate_fn)
    try:
        batch = next(iter(loader))
    except RuntimeError as error:
        lines = [line for line in str(error).splitlines() if line.strip()]
        # In a worker the error is re-raised in the main process: its first line names the
        # worker, its last line is the worker's own error.
        return f"RuntimeError: {lines[-1].removeprefix('RuntimeError: ')}"
    finally:
        gc.collect()  # the failed iterator, kept by the traceback, must not reach the next fork
    return f"batch {list(batch.shape)}"


def pad(samples):
    return pad_sequence(samples, batch_first=True)


if __name__ == "__main__":
    cases = {
        "sizes 3 and 3": [torch.ones(3), torch.ones(3)],
        "sizes 3 and 4": [torch.ones(3), torch.ones(4)],
        "sizes 4 and 3": [torch.ones(4), torch.ones(3)],
    }
    for name, samples in cases.items():
        for workers in (0, 1):
            print(f"{name}, num_workers={workers}: {first_batch(samples, workers)}")
    print("sizes 4 and 3, padded:", first_batch(cases["sizes 4 and 3"], 1, collate_fn=pad))
