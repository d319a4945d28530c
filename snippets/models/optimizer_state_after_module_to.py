import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=0.1)


def train_step(dtype):
    optimizer.zero_grad()
    model(torch.randn(4, 3, dtype=dtype)).sum().backward()
    optimizer.step()


train_step(torch.float32)  # creates exp_avg and exp_avg_sq, in float32
model.to(torch.float64)
print("weight:", model.weight.dtype, "| exp_avg:", optimizer.state[model.weight]["exp_avg"].dtype)
try:
    train_step(torch.float64)
except RuntimeError as e:
    print(type(e).__name__ + ":", str(e).splitlines()[0])

optimizer.load_state_dict(optimizer.state_dict())  # converts the state to each parameter's dtype
print("after reloading, exp_avg:", optimizer.state[model.weight]["exp_avg"].dtype)
train_step(torch.float64)
print("step ran")

other = nn.Linear(3, 1)
sgd = torch.optim.SGD(other.parameters(), lr=0.1, momentum=0.9)
for dtype in [torch.float32, torch.float64]:  # one step, .to(float64), another step
    other.to(dtype)
    sgd.zero_grad()
    other(torch.randn(4, 3, dtype=dtype)).sum().backward()
    sgd.step()
print("SGD(momentum=0.9) after .to(float64): step ran | momentum_buffer:",
      sgd.state[other.weight]["momentum_buffer"].dtype)
