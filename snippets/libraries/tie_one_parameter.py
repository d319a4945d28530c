import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(5, 3)
        self.head = nn.Linear(3, 5, bias=False)
        self.head.weight = self.embed.weight  # both layers hold one Parameter


torch.manual_seed(0)
model = TinyLM()
state = model.state_dict()
print("one Parameter object:", model.head.weight is model.embed.weight)
print("parameters() yields:", len(list(model.parameters())))
print("state_dict keys:", list(state))
print(
    "both entries share storage:",
    state["embed.weight"].data_ptr() == state["head.weight"].data_ptr(),
)
