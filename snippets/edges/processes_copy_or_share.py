import multiprocessing

import torch
import torch.multiprocessing


def fill_what_arrives(queue):
    queue.get().fill_(1.0)


def run(method, tensor):
    # The child runs torch.Tensor.fill_(tensor, 1.0): a target that a spawned child can import
    # by name, in a script or in a notebook alike.
    child = multiprocessing.get_context(method).Process(
        target=torch.Tensor.fill_, args=(tensor, 1.0)
    )
    child.start()
    child.join()


def report(label, t):
    print(f"{label:28} parent sees {t.tolist()} | is_shared: {t.is_shared()}")


if __name__ == "__main__":
    # Inherited by a forked child: the child writes into its own copy-on-write pages.
    inherited = torch.zeros(3)
    run("fork", inherited)
    report("fork, inherited:", inherited)

    # Pickled for a spawned child: torch moves the storage into shared memory first.
    pickled = torch.zeros(3)
    run("spawn", pickled)
    report("spawn, passed as argument:", pickled)

    # Sent through a torch.multiprocessing queue: shared memory as well, fork or not.
    sent = torch.zeros(3)
    context = torch.multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=fill_what_arrives, args=(queue,))
    child.start()
    queue.put(sent)
    child.join()
    report("fork, sent through a queue:", sent)
