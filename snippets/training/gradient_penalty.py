import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
x = torch.randn(4, 2, requires_grad=True)

for create_graph in (True, False):
    critic.zero_grad()
    (grad_x,) = torch.autograd.grad(critic(x).sum(), x, create_graph=create_graph)
    penalty = (grad_x.norm(dim=1) - 1).pow(2).mean()
    print(f"create_graph={create_graph!s:5} grad_x.grad_fn: {type(grad_x.grad_fn).__name__}")
    try:
        penalty.backward()
        print("  penalty backward ok, critic grad set:", critic[0].weight.grad is not None)
    except RuntimeError as e:
        print("  " + type(e).__name__ + ": " + str(e).splitlines()[0])
