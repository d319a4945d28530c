import io

import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(5, 3)
        self.head = nn.Linear(3, 5, bias=False)
        self.head.weight = self.embed.weight


buffer = io.BytesIO()
torch.save(TinyLM().state_dict(), buffer)
buffer.seek(0)
loaded = torch.load(buffer)
print(
    "loaded entries share storage:",
    loaded["embed.weight"].data_ptr() == loaded["head.weight"].data_ptr(),
)
print("loaded entries are one object:", loaded["embed.weight"] is loaded["head.weight"])

model = TinyLM()
model.load_state_dict(loaded, assign=True)
print("after assign=True: one Parameter:", model.head.weight is model.embed.weight)
print("same memory:", model.head.weight.data_ptr() == model.embed.weight.data_ptr())
print("parameters() yields:", len(list(model.parameters())))
