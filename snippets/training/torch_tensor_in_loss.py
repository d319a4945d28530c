import warnings

import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])

for name, penalty in (
    ("fit only", lambda l2: 0.0),
    ("fit + torch.tensor(l2)", lambda l2: torch.tensor(l2)),
    ("fit + torch.tensor([l2, l2]).sum()", lambda l2: torch.tensor([l2, l2]).sum()),
    ("fit + l2", lambda l2: l2),
    ("fit + torch.stack([l2, l2]).sum()", lambda l2: torch.stack([l2, l2]).sum()),
):
    w.grad = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = (x @ w).pow(2).mean() + penalty(w.pow(2).sum())
    loss.backward()
    print(f"{name:<35} w.grad {w.grad.tolist()}")
    for warning in caught:
        print(f"  {warning.category.__name__}: {str(warning.message).splitlines()[0]}")

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("default")  # Python's default filter: once per line of code
    for _step in range(3):
        wrapped = torch.tensor(w.pow(2).sum())
print(f"torch.tensor(l2) in a 3-step loop, default filter: {len(caught)} warning(s)")
