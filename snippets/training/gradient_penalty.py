import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
real, fake = torch.randn(4, 2), torch.randn(4, 2)


def gradient_penalty(create_graph):
    x = (0.5 * real + 0.5 * fake).requires_grad_()
    (grad_x,) = torch.autograd.grad(critic(x).sum(), x, create_graph=create_graph)
    return (grad_x.norm(dim=1) - 1).pow(2).mean()


def critic_grad_sum(loss):
    critic.zero_grad()
    loss.backward()  # runs: the Wasserstein terms give the loss a grad_fn
    return f"critic weight grad sum {critic[0].weight.grad.sum().item():+.4f}"


def wasserstein():
    return critic(fake).mean() - critic(real).mean()


for create_graph in (True, False):
    penalty = gradient_penalty(create_graph)
    label = f"W + 10 * penalty, create_graph={create_graph!s:5}"
    print(f"{label}: penalty.requires_grad {penalty.requires_grad!s:5} |", end=" ")
    print(critic_grad_sum(wasserstein() + 10 * penalty))
print(f"{'W alone, no penalty':36}:                              |", critic_grad_sum(wasserstein()))
print("the penalty alone, create_graph=False:", end=" ")
try:
    gradient_penalty(False).backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])
