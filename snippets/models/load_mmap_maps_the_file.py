# Linux: reads /proc/self/maps to see which file a tensor's memory comes from.
import os
import tempfile

import torch


def mapped_from(tensor, path):
    address = tensor.data_ptr()
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            if len(fields) == 6 and fields[5] == path:
                low, high = (int(x, 16) for x in fields[0].split("-"))
                if low <= address < high:
                    return True
    return False


with tempfile.TemporaryDirectory() as folder:
    path = os.path.realpath(os.path.join(folder, "weights.pt"))
    torch.save({"w": torch.zeros(4)}, path)

    read = torch.load(path)["w"]
    mapped = torch.load(path, mmap=True)["w"]
    print("torch.load:            memory is the file:", mapped_from(read, path))
    print("torch.load(mmap=True): memory is the file:", mapped_from(mapped, path))

    mapped[0] = 1.0
    print("tensor after a write:", mapped)
    print("file after the write:", torch.load(path)["w"])
    del read, mapped
