import torch
import torch.multiprocessing as mp


def child(inherited, inbox, outbox):
    received = inbox.get()  # rebuilt from the shared memory, mapped into this process again
    received.fill_(1.0)
    outbox.put((inherited.data_ptr(), received.data_ptr()))  # addresses in the child's own memory


if __name__ == "__main__":
    t = torch.zeros(3).share_memory_()  # shared before the child exists
    context = mp.get_context("fork")
    inbox, outbox = context.Queue(), context.Queue()
    process = context.Process(target=child, args=(t, inbox, outbox))  # fork: inherited, not sent
    process.start()
    inbox.put(t)
    inherited_address, received_address = outbox.get(timeout=60)
    process.join()
    print("parent sees the child's write:", t.tolist())
    print("same data_ptr(), tensor sent through the queue:", received_address == t.data_ptr())
    print("same data_ptr(), tensor the fork inherited:    ", inherited_address == t.data_ptr())
