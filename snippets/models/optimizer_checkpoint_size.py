import io

import torch
from torch import nn


def saved_bytes(obj):
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    return buffer.getbuffer().nbytes


def state_elements(optimizer):
    """Elements of the per-parameter state tensors (Adam's scalar `step` left out)."""
    states = optimizer.state.values()
    return sum(t.numel() for s in states for t in s.values() if torch.is_tensor(t) and t.dim())


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
parameters = sum(p.numel() for p in model.parameters())
weights_file = saved_bytes(model.state_dict())
optimizers = {
    "SGD": lambda p: torch.optim.SGD(p, lr=0.1),
    "SGD(momentum=0.9)": lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9),
    "Adam": lambda p: torch.optim.Adam(p),
    "AdamW": lambda p: torch.optim.AdamW(p),
    "Adam(amsgrad=True)": lambda p: torch.optim.Adam(p, amsgrad=True),
}
for name, make in optimizers.items():
    optimizer = make(model.parameters())
    before = state_elements(optimizer)
    model(torch.randn(4, 512)).sum().backward()
    optimizer.step()
    optimizer.zero_grad()
    after = state_elements(optimizer) // parameters
    checkpoint = {"model": model.state_dict(), "optimizer": optimizer.state_dict()}
    ratio = saved_bytes(checkpoint) / weights_file
    print(
        f"{name:19}: state {before} before step(), {after} x the parameters after;"
        f" checkpoint {ratio:.1f} x the weights file"
    )

model[0].requires_grad_(False)  # a frozen first layer gets no gradient
optimizer = torch.optim.Adam(model.parameters())
model(torch.randn(4, 512)).sum().backward()
optimizer.step()
with_state, total = len(optimizer.state), len(list(model.parameters()))
print(f"Adam, first layer frozen: state for {with_state} of {total} parameters")
