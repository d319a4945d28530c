# requires: cuda
import torch
from torch.autograd.graph import save_on_cpu

x = torch.tensor([0.0, 1.0, 2.0], device="cuda", requires_grad=True)
with save_on_cpu():  # pack: tensor.cpu(), a copy to host memory for a CUDA tensor
    y = x.exp()
y.add_(1)  # a counted write into the saved output
y.sum().backward()
print("version of y:", y._version, "| no error")
print("x.grad:", [round(g, 4) for g in x.grad.tolist()])
print("e**x:  ", [round(g, 4) for g in x.detach().exp().tolist()])
