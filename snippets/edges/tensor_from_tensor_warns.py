import warnings

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    t = torch.tensor(w)
for warning in caught:
    print(warning.category.__name__ + ":", str(warning.message).splitlines()[0])

same = t.untyped_storage().data_ptr() == w.untyped_storage().data_ptr()
print("shares storage with w:", same)
print("requires_grad:", t.requires_grad, "| is_leaf:", t.is_leaf, "| grad_fn:", t.grad_fn)
