import torch
from torch import nn

layer = nn.Linear(2, 2, bias=False)
nn.init.ones_(layer.weight)
x = torch.ones(1, 2)

layer(x).sum().backward()
print("grad, layer used once: ", layer.weight.grad.flatten().tolist())

layer.weight.grad = None
layer(layer(x)).sum().backward()  # the same module twice in one forward
print("grad, layer used twice:", layer.weight.grad.flatten().tolist())

torch.manual_seed(0)
embed = nn.Embedding(3, 2)
head = nn.Linear(2, 3, bias=False)
head.weight = embed.weight  # tied
tokens = torch.tensor([0, 2])
head(embed(tokens)).sum().backward()

# The same computation with two separate copies of the weight:
as_input = embed.weight.detach().clone().requires_grad_()
as_output = embed.weight.detach().clone().requires_grad_()
(as_input[tokens] @ as_output.t()).sum().backward()
summed = as_input.grad + as_output.grad
print("tied grad == input-side grad + output-side grad:", torch.allclose(embed.weight.grad, summed))
