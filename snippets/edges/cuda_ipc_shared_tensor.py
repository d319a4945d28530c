# requires: cuda
import torch
import torch.multiprocessing as mp


def consumer(inbox, outbox, done):
    t = inbox.get()  # opens the producer's allocation by its IPC handle: no copy
    t.fill_(1.0)
    torch.cuda.synchronize()
    outbox.put((t.is_cuda, torch.cuda.memory_allocated()))  # this process's caching allocator
    del t  # release it as soon as possible: the producer keeps the memory until then
    done.wait()  # keep the consumer alive until the producer has read the results


if __name__ == "__main__":
    context = mp.get_context("spawn")  # CUDA does not work in a forked child
    inbox, outbox, done = context.Queue(), context.Queue(), context.Event()
    process = context.Process(target=consumer, args=(inbox, outbox, done))
    process.start()
    t = torch.zeros(1 << 20, device="cuda")  # 4 MiB, allocated by this process
    inbox.put(t)  # the producer must keep t alive while the consumer uses it
    is_cuda, consumer_allocated = outbox.get(timeout=120)
    done.set()
    process.join()
    print("consumer got a CUDA tensor:", is_cuda)
    print("producer sees the consumer's write:", bool((t == 1.0).all()))
    print("counted by the producer's allocator:", torch.cuda.memory_allocated() >= t.nbytes)
    print("counted by the consumer's allocator:", consumer_allocated >= t.nbytes)
