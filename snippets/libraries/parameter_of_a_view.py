import torch
from torch import nn

torch.manual_seed(0)
embed = nn.Embedding(5, 3)
head_weight = nn.Parameter(embed.weight.t())  # a new Parameter over the same memory

print("same memory:", head_weight.data_ptr() == embed.weight.data_ptr())
print("same Parameter:", head_weight is embed.weight)

tokens = torch.tensor([0, 1])
loss = (embed(tokens) @ head_weight).sum()
loss.backward()
print("embed.weight.grad is head_weight.grad:", embed.weight.grad is head_weight.grad)
print(
    "head_weight is a leaf:", head_weight.is_leaf, "| graph to embed.weight:", head_weight.grad_fn
)

optimizer = torch.optim.SGD([embed.weight, head_weight], lr=0.1)
before = embed.weight.detach().clone()
optimizer.step()  # both updates land in the one memory block
expected = before - 0.1 * (embed.weight.grad + head_weight.grad.t())
print("one step applied two updates:", torch.allclose(embed.weight, expected))
