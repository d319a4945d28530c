import copy
import io

import torch
from torch import nn

model = nn.Sequential(nn.Embedding(1000, 64), nn.Linear(64, 1000))
model[1].weight = model[0].weight  # tied: one Parameter under two names
state = model.state_dict()


def new_bytes(snapshot):
    """Bytes of the distinct storages in a snapshot: what making it allocated."""
    seen = {}
    for v in snapshot.values():
        seen[v.untyped_storage().data_ptr()] = v.numel() * v.element_size()
    return sum(seen.values())


def tied(snapshot):
    return snapshot["0.weight"].data_ptr() == snapshot["1.weight"].data_ptr()


deep = copy.deepcopy(state)
cloned = {k: v.detach().clone() for k, v in state.items()}
buffer = io.BytesIO()
torch.save(state, buffer)

print("entries:", list(state), "| parameter bytes:", new_bytes(state))
for name, snapshot in [("deepcopy:  ", deep), ("clone dict:", cloned)]:
    print(name, "new bytes", new_bytes(snapshot), "| still tied:", tied(snapshot),
          "| _metadata:", hasattr(snapshot, "_metadata"))
print("BytesIO:    buffer bytes", buffer.getbuffer().nbytes)
