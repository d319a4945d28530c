import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(4, 3)
        self.head = nn.Linear(3, 4, bias=False)
        self.head.weight = self.embed.weight  # tied: one Parameter
        # computed, not learned: left out of the state dict
        self.register_buffer("scale", torch.arange(1.0, 4.0), persistent=False)

    def forward(self, tokens):
        return self.head(self.embed(tokens) * self.scale)


checkpoint = TinyLM().state_dict()
print("checkpoint keys:", list(checkpoint))

with torch.device("meta"):
    model = TinyLM()  # shapes only, no memory
print("on meta: tied", model.head.weight is model.embed.weight)

model.to_empty(device="cpu")  # new, uninitialised memory for every tensor
print("after to_empty: tied", model.head.weight is model.embed.weight)
model.load_state_dict(checkpoint)
print("after load_state_dict: tied", model.head.weight is model.embed.weight)

with torch.device("meta"):
    model = TinyLM()
model.load_state_dict(checkpoint, assign=True)
print("assign=True: tied", model.head.weight is model.embed.weight)
shared = model.head.weight.data_ptr() == model.embed.weight.data_ptr()
print("assign=True: the two share the checkpoint's memory", shared)
print("assign=True: scale is on", model.scale.device)
try:
    model(torch.tensor([1]))
except RuntimeError as error:
    print("forward:", type(error).__name__ + ":", str(error).splitlines()[0])

with torch.device("meta"):
    model = TinyLM()
model.load_state_dict(checkpoint, assign=True)
model.head.weight = model.embed.weight  # tie again
model.scale = torch.arange(1.0, 4.0)  # and compute what the file does not hold
print(
    "tied again:",
    model.head.weight is model.embed.weight,
    "| parameters:",
    len(list(model.parameters())),
)
print("forward:", tuple(model(torch.tensor([1])).shape))

with torch.device("meta"):
    model = TinyLM()
model.load_state_dict(TinyLM().state_dict(keep_vars=True), assign=True)  # one Parameter, two names
print("keep_vars=True checkpoint, assign=True: tied", model.head.weight is model.embed.weight)

torch.__future__.set_swap_module_params_on_conversion(True)  # not the default
with torch.device("meta"):
    model = TinyLM()
model.to_empty(device="cpu")
print("swap_module_params_on_conversion, to_empty: tied", model.head.weight is model.embed.weight)
torch.__future__.set_swap_module_params_on_conversion(False)
