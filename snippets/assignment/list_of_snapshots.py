import torch

weight = torch.zeros(2)
history = []
for _ in range(3):
    weight += 1.0  # an in-place update, as optimisers do
    history.append(weight)  # stores the tensor itself, not its current values

print("history:", history)
print("all the same tensor:", all(h is weight for h in history))

weight = torch.zeros(2)
history = []
for _ in range(3):
    weight += 1.0
    history.append(weight.clone())  # a snapshot of the values at this step
print("with clone():", history)
