import torch
from torch import nn

layer = nn.Linear(4, 1, bias=False)
x = torch.ones(1, 4)

for cache in (True, False):
    with torch.no_grad():
        layer.weight.fill_(1.0)
    with torch.autocast("cpu", dtype=torch.bfloat16, cache_enabled=cache):
        before = layer(x).item()
        with torch.no_grad():
            layer.weight.fill_(2.0)  # the float32 weight changes inside the region
        after = layer(x).item()
    print(f"cache_enabled={cache}: output before {before}, after the change {after}")
    print(f"  outside the region: {layer(x).item()}")

for name, mode in (
    ("torch.no_grad()", torch.no_grad),
    ("torch.inference_mode()", torch.inference_mode),
):
    with torch.no_grad():
        layer.weight.fill_(1.0)
    with mode(), torch.autocast("cpu", dtype=torch.bfloat16):
        before = layer(x).item()
        layer.weight.fill_(2.0)
        print(f"under {name}:", before, layer(x).item())

with torch.no_grad():
    layer.weight.fill_(1.0)
with torch.autocast("cpu", dtype=torch.bfloat16):
    before = layer(x).item()
    layer.weight = nn.Parameter(torch.full((1, 4), 2.0))  # a new tensor, not a change in place
    print("a new Parameter put in its place:", before, layer(x).item())

w = torch.ones(1, 4)  # a plain tensor, not a parameter that requires grad
with torch.autocast("cpu", dtype=torch.bfloat16):
    before = (x @ w.t()).item()
    w.fill_(2.0)
    print("a tensor that does not require grad:", before, (x @ w.t()).item())

with torch.no_grad():
    layer.weight.fill_(1.0)
with torch.autocast("cpu", dtype=torch.bfloat16):
    layer(x)  # caches a bfloat16 copy of the weight
    with torch.autocast("cpu", dtype=torch.float16):  # an inner region of another dtype
        try:
            print("a float16 region inside a bfloat16 one:", layer(x).dtype)
        except RuntimeError as error:
            message = str(error).splitlines()[0]
            print("a float16 region inside a bfloat16 one:", type(error).__name__ + ":", message)

with torch.no_grad():
    layer.weight.fill_(1.0)
with torch.autocast("cpu", dtype=torch.bfloat16):  # an outer region around the loop
    outputs = []
    for value in (1.0, 2.0):
        with torch.no_grad():
            layer.weight.fill_(value)
        with torch.autocast("cpu", dtype=torch.bfloat16):  # a region per step
            outputs.append(layer(x).item())
print("a region per step inside an outer one:", outputs)
