import torch

x = torch.ones(3, requires_grad=True)
y = x * 2

step = y.clone()  # the intermediate of y.clone().detach()
print("y.clone()  -> grad_fn:", type(step.grad_fn).__name__)
print("  .detach() -> grad_fn:", step.detach().grad_fn)

step = y.detach()  # the intermediate of y.detach().clone()
print("y.detach() -> grad_fn:", step.grad_fn)
print("  .clone()  -> grad_fn:", step.clone().grad_fn)

print("same values either way:", torch.equal(y.clone().detach(), y.detach().clone()))

with torch.no_grad():  # the condition: no node without grad mode...
    print("under no_grad, y.clone() -> grad_fn:", y.clone().grad_fn)
print("source without grad, clone() -> grad_fn:", torch.ones(3).clone().grad_fn)  # ...or grad
