import copy

import torch


def floats_in_storage(t):
    return t.untyped_storage().nbytes() // t.element_size()


base = torch.arange(6.0)
tail = base[4:]  # a view of the last two elements
alone = copy.deepcopy(tail)
print("deepcopy(tail):", alone, "| floats in storage:", floats_in_storage(alone))
print("tail.clone():  ", tail.clone(), "| floats in storage:", floats_in_storage(tail.clone()))

pair = copy.deepcopy([base, tail])  # one deepcopy call keeps sharing between its members
pair[0][4] = -1.0
print("copied tail after writing copied base:", pair[1])
print("original tail:", tail)
