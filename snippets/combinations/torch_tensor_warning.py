import warnings

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    copy = torch.tensor(x)  # copy-constructing from a tensor
for warning in caught:
    print(f"{warning.category.__name__}: {warning.message}")

own = copy.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()
print("own storage:", own, "| requires_grad:", copy.requires_grad)

# Where the documentation names the combination: only in torch.tensor's docstring.
for name, function in (
    ("torch.clone", torch.clone),
    ("Tensor.detach", torch.Tensor.detach),
    ("torch.tensor", torch.tensor),
):
    print(f"{name} docstring names detach().clone(): {'detach().clone()' in function.__doc__}")
