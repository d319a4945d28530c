import torch

weight = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
by_detach = weight.detach()
by_detach_clone = weight.detach().clone()

with torch.no_grad():
    weight.sub_(0.5)  # what optimizer.step() does

print("weight now:        ", weight.detach())
print("detach() snapshot: ", by_detach)
print("detach().clone():  ", by_detach_clone)
