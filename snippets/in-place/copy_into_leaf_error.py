import torch

weight = torch.zeros(3, requires_grad=True)
try:
    weight.copy_(torch.ones(3))
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

with torch.no_grad():
    weight.copy_(torch.ones(3))  # e.g. loading or initialising a parameter
print("after no_grad copy_:", weight)
print("still a leaf:", weight.is_leaf, "| grad_fn:", weight.grad_fn)
