import multiprocessing

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
