import mmap
import os
import tempfile

import torch

with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "weights.pt")
    torch.save({"w": torch.zeros(4)}, path)

    with torch.serialization.set_default_mmap_options(mmap.MAP_SHARED):
        mapped = torch.load(path, mmap=True)["w"]
    mapped[0] = 1.0
    print("file after a write, MAP_SHARED:", torch.load(path)["w"])
    del mapped
