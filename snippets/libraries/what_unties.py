import copy

import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(5, 3)
        self.head = nn.Linear(3, 5, bias=False)
        self.head.weight = self.embed.weight


def tied(model):
    return model.head.weight is model.embed.weight


torch.manual_seed(0)
model = TinyLM()
snapshot = {name: t.clone() for name, t in model.state_dict().items()}  # two tensors now

print("copy.deepcopy(model):", tied(copy.deepcopy(model)))
print("model.to(torch.float64):", tied(TinyLM().to(torch.float64)))
print("model.to('meta'):", tied(TinyLM().to("meta")))
with torch.device("meta"):
    on_meta = TinyLM()  # tied in __init__, no memory yet
on_meta.to_empty(device="cpu")
print("built on meta, then to_empty(device='cpu'):", tied(on_meta))
copied = TinyLM()
copied.load_state_dict(snapshot)
print("load_state_dict (copies in):", tied(copied))
assigned = TinyLM()
assigned.load_state_dict(snapshot, assign=True)
print("load_state_dict(assign=True):", tied(assigned))
rebuilt = TinyLM()
rebuilt.head.weight = nn.Parameter(rebuilt.embed.weight.clone())
print("head.weight = nn.Parameter(clone):", tied(rebuilt))
