import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
total_loss = 0.0
for _ in range(3):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    loss.backward()
    total_loss += loss.item()  # a Python float
print("total_loss is a", type(total_loss).__name__, "and keeps no graph alive")
