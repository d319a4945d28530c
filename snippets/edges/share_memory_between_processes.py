import multiprocessing

import numpy as np
import torch


def worker(private, shared):
    private.fill_(1.0)
    shared.fill_(1.0)


if __name__ == "__main__":
    private = torch.zeros(3)
    shared = torch.zeros(3)
    print("share_memory_() returns the tensor:", shared.share_memory_() is shared)
    print("is_shared:", private.is_shared(), shared.is_shared())

    process = multiprocessing.get_context("fork").Process(target=worker, args=(private, shared))
    process.start()
    process.join()
    print("private after the child wrote:", private)
    print("shared after the child wrote: ", shared)

    array = np.zeros(3, dtype=np.float32)
    bridged = torch.from_numpy(array).share_memory_()  # the data is copied into shared memory
    array[0] = 5.0
    still = bridged[0].item() == 5.0
    print("from_numpy tensor still shares the array after share_memory_():", still)
