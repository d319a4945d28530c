import io

import torch


def save_and_reopen(obj):
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    buffer.seek(0)
    return buffer


def report(storage, location):  # torch.load calls this for every storage in the file
    print("storage saved from:", location)
    return storage  # keep it on the CPU


checkpoint = save_and_reopen({"weight": torch.ones(2, 2)})
loaded = torch.load(checkpoint, map_location=report)
print("loaded to:", loaded["weight"].device)

checkpoint.seek(0)
print("map_location='meta':", torch.load(checkpoint, map_location="meta")["weight"].device)
meta_file = save_and_reopen({"weight": torch.ones(2, 2, device="meta")})
print("saved from meta, no map_location:", torch.load(meta_file)["weight"].device)
