import torch

weight = torch.nn.Parameter(torch.ones(3))
frozen = weight.detach()  # meant as a "frozen copy" for later comparison

frozen.zero_()  # a write through the detached tensor ...
print("weight:", weight)  # ... is a write into the parameter
with torch.no_grad():
    weight.add_(0.5)  # and a parameter update shows up in the "copy"
print("frozen:", frozen)
