import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
x, target = torch.randn(4, 2), torch.randn(4, 1)
before = model.weight.detach().clone()

torch.nn.functional.mse_loss(model(x), target).backward()
with torch.no_grad():
    for param in model.parameters():
        param = param - 0.1 * param.grad  # rebinds the loop variable only
print("rebinding: weight changed:", not torch.equal(model.weight, before))

with torch.no_grad():
    for param in model.parameters():
        param -= 0.1 * param.grad  # writes into the parameter's storage
print("in place:  weight changed:", not torch.equal(model.weight, before))
print("still a leaf parameter:", model.weight.is_leaf, type(model.weight).__name__)
