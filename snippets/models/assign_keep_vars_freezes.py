import torch
from torch import nn

torch.manual_seed(0)
student = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))
partly_frozen = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))
partly_frozen[0].requires_grad_(False)  # first layer frozen, second trainable

partly_frozen.load_state_dict(student.state_dict(keep_vars=True), assign=True)
print("shares the student's Parameters:", partly_frozen[0].weight is student[0].weight)
flags = {name: p.requires_grad for name, p in student.named_parameters()}
print("student requires_grad after the load:", flags)

optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
before = student[0].weight.detach().clone()
student(torch.ones(2, 3)).sum().backward()
optimizer.step()
moved = not torch.equal(before, student[0].weight)
print("student's first layer: grad", student[0].weight.grad, "| moved:", moved)
