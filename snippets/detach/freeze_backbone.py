import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Linear(4, 8)
head = nn.Linear(8, 2)
images, labels = torch.randn(16, 4), torch.randint(0, 2, (16,))

recorded = backbone(images)
features = recorded.detach()  # the backbone's output, cut from its graph
loss = nn.functional.cross_entropy(head(features), labels)
loss.backward()

print("head.weight.grad is None:    ", head.weight.grad is None)
print("backbone.weight.grad is None:", backbone.weight.grad is None)
print("backbone output before detach(): grad_fn", type(recorded.grad_fn).__name__)
with torch.no_grad():
    print("backbone output under no_grad(): grad_fn", backbone(images).grad_fn)
