from collections import defaultdict

import torch
from torch import nn


def shared_groups(state_dict):
    """Entries whose bytes overlap in one storage: what safetensors refuses to save."""
    by_storage = defaultdict(list)
    for name, t in state_dict.items():
        start = t.data_ptr()
        end = start + t.numel() * t.element_size()
        by_storage[(t.device, t.untyped_storage().data_ptr())].append((start, end, name))
    groups = []
    for spans in by_storage.values():
        spans.sort()
        group, group_end = [spans[0][2]], spans[0][1]
        for start, end, name in spans[1:]:
            if start < group_end:
                group.append(name)
            else:
                groups.append(group)
                group = [name]
            group_end = max(group_end, end)
        groups.append(group)
    return [g for g in groups if len(g) > 1]


embed = nn.Embedding(5, 3)
head = nn.Linear(3, 5, bias=False)
head.weight = embed.weight
tied = nn.ModuleDict({"embed": embed, "head": head})
print("tied model:", shared_groups(tied.state_dict()))

fused = torch.randn(6, 4)
halves = {"q": fused[:3], "k": fused[3:]}  # one storage, bytes apart
print("two halves of one tensor:", shared_groups(halves))

untied = {name: t.clone() for name, t in tied.state_dict().items()}
print("after clone():", shared_groups(untied))
