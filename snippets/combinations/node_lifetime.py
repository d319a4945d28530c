import weakref

import torch


class Marker:
    """Rides in the node's metadata dict, so it dies exactly when the node does."""


x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

# x.clone().detach(), one step at a time
tmp = x.clone()
marker = Marker()
tmp.grad_fn.metadata["marker"] = marker
alive = weakref.ref(marker)
saved = [name for name in dir(tmp.grad_fn) if name.startswith("_saved")]
del marker
out = tmp.detach()

same = out.untyped_storage().data_ptr() == tmp.untyped_storage().data_ptr()
print("out shares the clone's storage (no second copy):", same)
print("tensors the CloneBackward0 node saves:", saved)
print("node alive while the intermediate exists:", alive() is not None)
del tmp
print("node alive after the intermediate is gone:", alive() is not None)
