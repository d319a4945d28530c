import copy

import torch
from torch import nn

torch.manual_seed(0)
student = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4))
teacher = copy.deepcopy(student).requires_grad_(False)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)

for _ in range(5):
    optimizer.zero_grad()
    student(torch.randn(8, 3) + 2).pow(2).mean().backward()
    optimizer.step()
    with torch.no_grad():
        for t, s in zip(teacher.parameters(), student.parameters(), strict=True):
            t.lerp_(s, 0.1)  # t = 0.9 * t + 0.1 * s

print("buffers:", [name for name, _ in student.named_buffers()])
print("student running_mean:", student[1].running_mean)
print("teacher running_mean:", teacher[1].running_mean)
print("num_batches_tracked: student", student[1].num_batches_tracked.item(),
      "| teacher", teacher[1].num_batches_tracked.item())
