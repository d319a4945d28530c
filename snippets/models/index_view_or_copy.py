import warnings

import torch


def writes_reach(a, index):
    """Index a, write into the result, and say whether a changed."""
    a.zero_()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = a[index]
    result.fill_(1.0)
    warned = f" | warns: {caught[0].category.__name__}" if caught else ""
    return f"shape {tuple(result.shape)} | writes reach a: {bool(a.any())}{warned}"


a = torch.zeros(3, 4)
cases = {
    "a[1]": 1,
    "a[torch.tensor(1)]": torch.tensor(1),  # 0-d integer tensor: indexes like 1
    "a[torch.tensor(1, dtype=torch.uint8)]": torch.tensor(1, dtype=torch.uint8),  # read as a mask
    "a[torch.tensor([1])]": torch.tensor([1]),  # 1-D: advanced indexing
    "a[[1]]": [1],
    "a[torch.tensor(True)]": torch.tensor(True),  # 0-d bool: a mask over a new dimension
    "a[True]": True,
    "a[[slice(0, 2)]]": [slice(0, 2)],  # a list holding a slice is read as a tuple
}
for label, index in cases.items():
    print(f"{label:38} {writes_reach(a, index)}")

scores = torch.tensor([0.1, 0.9, 0.3])
a = torch.ones(3, 4)
best = a[scores.argmax()]  # argmax() returns a 0-d tensor
best.zero_()
print("a[scores.argmax()].zero_() changed a:", not bool(a.all()))
a[scores.argmax()][0] = 7.0  # chained, but the first step is a view
print("a[scores.argmax()][0] = 7 reached a:", a[1, 0].item() == 7.0)

labels = torch.tensor([2, 0], dtype=torch.uint8)  # labels stored as uint8, as image datasets do
print("a[labels[0]].shape:", tuple(a[labels[0]].shape), "| a[labels[1]].shape:",
      tuple(a[labels[1]].shape), "| a[labels[0].long()].shape:", tuple(a[labels[0].long()].shape))
