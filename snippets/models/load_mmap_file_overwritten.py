# Linux: what an mmap-loaded tensor shows after its checkpoint file is rewritten.
import os
import tempfile

import torch

with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "weights.pt")
    torch.save({"w": torch.zeros(4)}, path)
    mapped = torch.load(path, mmap=True)["w"]
    written = torch.load(path, mmap=True)["w"]
    written[0] = 5.0  # this process's private copy of the page

    torch.save({"w": torch.ones(4)}, path)  # same file, rewritten in place
    print("after torch.save over the file: ", mapped, "| written:", written)

    new_path = os.path.join(folder, "weights.new.pt")
    torch.save({"w": torch.full((4,), 2.0)}, new_path)
    os.replace(new_path, path)  # a new file under the old name
    print("after os.replace of a new file: ", mapped)
    del mapped, written
