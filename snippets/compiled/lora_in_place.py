import torch
from torch import nn


class LoRALinear(nn.Module):
    """A low-rank adapter around a Linear layer, the way PEFT's LoRA layers are built."""

    def __init__(self, base, rank=2):
        super().__init__()
        self.base_layer = base  # the original module, not a copy
        self.lora_A = nn.Parameter(torch.full((rank, base.in_features), 0.1))
        self.lora_B = nn.Parameter(torch.full((base.out_features, rank), 0.1))
        self.merged = False

    def forward(self, x):
        out = self.base_layer(x)
        if not self.merged:
            out = out + x @ self.lora_A.t() @ self.lora_B.t()
        return out

    def merge(self):  # like PEFT's merge() without safe_merge: add into the base weight
        with torch.no_grad():
            self.base_layer.weight += self.lora_B @ self.lora_A
        self.merged = True


def add_adapter(model, name):  # like PEFT: replace the submodule on the model you passed
    setattr(model, name, LoRALinear(getattr(model, name)))
    for pname, p in model.named_parameters():
        p.requires_grad_("lora_" in pname)  # freeze everything but the adapter
    return model


torch.manual_seed(0)
base = nn.Sequential(nn.Linear(2, 2))
x = torch.ones(1, 2)
reference = base  # "keep the original model to compare against"
before = base(x)
snapshot = base.state_dict()  # live references to the weights
saved = {k: v.clone() for k, v in base.state_dict().items()}  # a real copy

adapted = add_adapter(base, "0")
print("the adapted model is the base model:", adapted is base)
print("base[0] is now:", type(base[0]).__name__)
print("reference gives the adapted output:", torch.equal(reference(x), adapted(x)))
print("reference changed from before:", not torch.equal(reference(x), before))
print("base weight requires grad:", base[0].base_layer.weight.requires_grad)

base[0].merge()
weight = base[0].base_layer.weight
print(
    "state_dict() taken before equals the merged weight:", torch.equal(snapshot["0.weight"], weight)
)
print("its clone equals the merged weight:", torch.equal(saved["0.weight"], weight))
