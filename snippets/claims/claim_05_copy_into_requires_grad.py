import warnings

import torch

warnings.simplefilter("error")  # a warning would surface as an exception here
src = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

leaf = torch.zeros(3, requires_grad=True)
try:
    leaf.copy_(src)
except RuntimeError as e:
    print("into a leaf:", type(e).__name__ + ": " + str(e).splitlines()[0])

w = torch.ones(3, requires_grad=True)
non_leaf = w * 2
non_leaf.copy_(src * 10)
print("into a non-leaf: grad_fn =", type(non_leaf.grad_fn).__name__)
non_leaf.sum().backward()
print("src.grad:", src.grad, "| w.grad:", w.grad)
