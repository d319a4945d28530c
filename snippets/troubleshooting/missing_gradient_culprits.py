import torch

w = torch.ones(3, requires_grad=True)
y = w * 2
with torch.no_grad():
    under_no_grad = w * 2
culprits = {
    "y.detach()": y.detach(),
    "y.data": y.data,
    "w * 2 under no_grad": under_no_grad,
    "torch.tensor(y.tolist())": torch.tensor(y.tolist()),
    "torch.from_numpy(y.detach().numpy())": torch.from_numpy(y.detach().numpy()),
}
for name, t in culprits.items():
    print(f"{name:<37} requires_grad={t.requires_grad}")
