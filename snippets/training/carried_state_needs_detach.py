import torch
from torch import nn

torch.manual_seed(0)
cell = nn.Linear(4, 4)
inputs = torch.randn(3, 2, 4)

for carry, next_state in (("h.clone()", torch.clone), ("h.detach()", torch.detach)):
    state = torch.zeros(2, 4)
    try:
        for step in range(1, len(inputs) + 1):
            h = torch.tanh(cell(inputs[step - 1]) + state)
            h.sum().backward()
            state = next_state(h)  # carried into the next step
        print(f"state = {carry:10} -> {step} steps trained")
    except RuntimeError as e:
        print(f"state = {carry:10} -> step {step}:")
        print("  " + type(e).__name__ + ": " + str(e).splitlines()[0])
