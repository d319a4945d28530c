import copy

import torch

tensors = [torch.zeros(2), torch.zeros(2)]
copies = {
    "list()": list(tensors),
    "[:]": tensors[:],
    "copy.copy": copy.copy(tensors),
    "copy.deepcopy": copy.deepcopy(tensors),
}

tensors[0].add_(5.0)
for how, copied in copies.items():
    print(f"{how:<14} same tensor inside: {copied[0] is tensors[0]!s:<5}  first: {copied[0]}")
