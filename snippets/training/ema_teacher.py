import copy

import torch
from torch import nn

torch.manual_seed(0)
student = nn.Linear(4, 1)
teacher = copy.deepcopy(student).requires_grad_(False)
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
decay = 0.9

for _ in range(3):
    x = torch.randn(8, 4)
    loss = (student(x) - teacher(x)).pow(2).mean() + student(x).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        for t, s in zip(teacher.parameters(), student.parameters(), strict=True):
            t.mul_(decay).add_(s, alpha=1 - decay)

s_w, t_w = student.weight, teacher.weight
shared = s_w.untyped_storage().data_ptr() == t_w.untyped_storage().data_ptr()
print("teacher shares storage with student:", shared)
print("teacher requires_grad:", t_w.requires_grad, "| teacher grad:", t_w.grad)
print("student grad is set:", s_w.grad is not None)
print("teacher differs from student:", not torch.equal(t_w, s_w))
