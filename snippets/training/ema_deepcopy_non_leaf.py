import copy

import torch
from torch import nn


class Student(nn.Linear):
    def forward(self, x):
        self.last_scale = self.weight.abs().mean()  # cached for logging: a non-leaf tensor
        return super().forward(x) * self.last_scale


torch.manual_seed(0)
student = Student(4, 2)
student(torch.randn(3, 4))
try:
    copy.deepcopy(student)
except RuntimeError as e:
    print("deepcopy(student):", type(e).__name__ + ":", str(e).split(".")[0] + ".")
student.last_scale = student.last_scale.detach()  # or cache it under torch.no_grad()
teacher = copy.deepcopy(student)
shared = teacher.weight.data_ptr() == student.weight.data_ptr()
print("after detaching the cached tensor: deepcopy ok, teacher shares storage:", shared)
