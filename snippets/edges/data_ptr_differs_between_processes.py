import torch
import torch.multiprocessing as mp


def child(inbox, outbox):
    t = inbox.get()  # rebuilt from the shared memory, mapped into this process
    t.fill_(1.0)
    outbox.put(t.data_ptr())  # an address in the child's own address space


if __name__ == "__main__":
    t = torch.zeros(3).share_memory_()  # shared before the child exists
    context = mp.get_context("fork")
    inbox, outbox = context.Queue(), context.Queue()
    process = context.Process(target=child, args=(inbox, outbox))
    process.start()
    inbox.put(t)
    child_address = outbox.get(timeout=60)
    process.join()
    print("parent sees the child's write:", t.tolist())
    print("same data_ptr() in both processes:", child_address == t.data_ptr())
