import copy

import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 2), torch.randn(8, 1)

best = model.state_dict()  # references, not a snapshot
best_deep = copy.deepcopy(model.state_dict())
best_clone = {k: v.clone() for k, v in model.state_dict().items()}
print("state_dict tensor requires_grad:", best["weight"].requires_grad)

for _ in range(3):  # training goes on after the "best" epoch
    optimizer.zero_grad()
    torch.nn.functional.mse_loss(model(x), target).backward()
    optimizer.step()

print("best       == current weights:", torch.equal(best["weight"], model.weight))
print("best_deep  == current weights:", torch.equal(best_deep["weight"], model.weight))
print("best_clone == best_deep:      ", torch.equal(best_clone["weight"], best_deep["weight"]))

model.load_state_dict(best_deep)  # restoring the snapshot
print("restored from best_deep:", torch.equal(model.weight, best_deep["weight"]))
