import weakref

import torch

w = torch.ones(3, requires_grad=True)
losses = []
loss = (w * 2).sum()
still_there = weakref.ref(loss)
losses.append(loss.item())
del loss
print("appended:", type(losses[0]).__name__, losses[0])
print("loss tensor still alive after del:", still_there() is not None)

kept = []
loss = (w * 2).sum()
still_there = weakref.ref(loss)
kept.append(loss)
del loss
print("appending the tensor instead: still alive:", still_there() is not None,
      "| grad_fn:", type(kept[0].grad_fn).__name__)
