import copy

import torch
from torch import nn

torch.manual_seed(0)
student = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4))
teacher = copy.deepcopy(student).requires_grad_(False)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)


@torch.no_grad()
def ema_update(teacher, student, weight=0.1):
    for t, s in zip(teacher.parameters(), student.parameters(), strict=True):
        t.lerp_(s, weight)
    for t, s in zip(teacher.buffers(), student.buffers(), strict=True):
        if t.is_floating_point():
            t.lerp_(s, weight)  # running_mean, running_var: averaged
        else:
            t.copy_(s)  # num_batches_tracked: a counter, copied


for _ in range(5):
    optimizer.zero_grad()
    student(torch.randn(8, 3) + 2).pow(2).mean().backward()
    optimizer.step()
    ema_update(teacher, student)

print("student running_mean:", student[1].running_mean)
print("teacher running_mean:", teacher[1].running_mean)
print("num_batches_tracked: student", student[1].num_batches_tracked.item(),
      "| teacher", teacher[1].num_batches_tracked.item())
