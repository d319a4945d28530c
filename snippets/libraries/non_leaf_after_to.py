import warnings

import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True).to(torch.float64)  # the .to() result is not a leaf
print("is_leaf:", w.is_leaf, "| grad_fn:", type(w.grad_fn).__name__)
(w * 2).sum().backward()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print("w.grad:", w.grad)
message = str(caught[0].message)
print(f"{caught[0].category.__name__}:", message[: message.index("accessed") + len("accessed")])

same = torch.randn(3, requires_grad=True)
print("to() that changes nothing returns the tensor itself:", same.to(torch.float32) is same)
as_int = same.to(torch.int64)
print("to(torch.int64): is_leaf", as_int.is_leaf, "| requires_grad", as_int.requires_grad)
with torch.no_grad():
    under_no_grad = same.to(torch.float64)
print("to(torch.float64) under no_grad: is_leaf", under_no_grad.is_leaf,
      "| requires_grad", under_no_grad.requires_grad)

for label, fixed in [
    ("created with its dtype", torch.randn(3, dtype=torch.float64, requires_grad=True)),
    ("converted, then requires_grad_()", torch.randn(3).to(torch.float64).requires_grad_()),
]:
    (fixed * 2).sum().backward()
    print(f"{label}: is_leaf {fixed.is_leaf} | grad {fixed.grad.tolist()}")
