import copy

import torch
from torch import nn


class EMA(nn.Module):
    def __init__(self, model, decay=0.9):
        super().__init__()
        self.decay = decay
        self.shadow = {name: p.clone() for name, p in model.named_parameters()}

    def update(self, model):
        for name, p in model.named_parameters():
            self.shadow[name] = self.decay * self.shadow[name] + (1 - self.decay) * p


model = nn.Linear(2, 1)
ema = EMA(model)
ema.update(model)
shadow = ema.shadow["weight"]
print("shadow weight is a leaf:", shadow.is_leaf, "| grad_fn:", type(shadow.grad_fn).__name__)
try:
    copy.deepcopy(ema)  # e.g. to keep a "best" EMA
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[0])


class FixedEMA(EMA):
    def __init__(self, model, decay=0.9):
        nn.Module.__init__(self)
        self.decay = decay
        self.shadow = {name: p.detach().clone() for name, p in model.named_parameters()}

    @torch.no_grad()  # the average is not part of any graph
    def update(self, model):
        super().update(model)


fixed = FixedEMA(model)
fixed.update(model)
print("fixed shadow weight is a leaf:", fixed.shadow["weight"].is_leaf)
twin = copy.deepcopy(fixed).shadow["weight"]
print("deepcopy shares storage:", twin.data_ptr() == fixed.shadow["weight"].data_ptr())
