import copy

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = copy.copy(w)
same = c.untyped_storage().data_ptr() == w.untyped_storage().data_ptr()
print("new object:", c is not w, "| shares storage:", same)

c.detach()[0] = -1.0
print("w after writing c:", w)

(c * 2).sum().backward()
print("c.grad:", c.grad, "| w.grad:", w.grad)  # a separate leaf collects the gradient

y = w * 2
cy = copy.copy(y)  # of a non-leaf: cut from the graph, yet requires grad
print("copy of non-leaf: is_leaf", cy.is_leaf, "| grad_fn", cy.grad_fn)
print("copy of non-leaf: requires_grad", cy.requires_grad)
