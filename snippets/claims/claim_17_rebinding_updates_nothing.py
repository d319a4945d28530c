import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
model(torch.ones(1, 2)).sum().backward()
before = model.weight.detach().clone()
lr = 0.1

with torch.no_grad():
    for param in model.parameters():
        param = param - lr * param.grad  # binds the name to a new tensor
print("after rebinding: weight changed:", not torch.equal(model.weight, before))

with torch.no_grad():
    for param in model.parameters():
        param -= lr * param.grad  # writes into the parameter
print("after in-place:  weight changed:", not torch.equal(model.weight, before))
