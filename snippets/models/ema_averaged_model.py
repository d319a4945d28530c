import torch
from torch import nn
from torch.optim.swa_utils import AveragedModel, get_ema_multi_avg_fn

torch.manual_seed(0)
student = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4))
optimizer = torch.optim.SGD(student.parameters(), lr=0.1)
plain = AveragedModel(student, multi_avg_fn=get_ema_multi_avg_fn(0.9))
averaged = AveragedModel(student, multi_avg_fn=get_ema_multi_avg_fn(0.9), use_buffers=True)

for _ in range(5):
    optimizer.zero_grad()
    student(torch.randn(8, 3) + 2).pow(2).mean().backward()
    optimizer.step()
    plain.update_parameters(student)
    averaged.update_parameters(student)

bn, bn_plain, bn_avg = student[1], plain.module[1], averaged.module[1]
same = torch.equal(bn_plain.running_mean, bn.running_mean)
print("use_buffers=False: running_mean is the student's:", same)
print("use_buffers=True:  running_mean averaged:", bn_avg.running_mean)
print("use_buffers=True:  num_batches_tracked", bn_avg.num_batches_tracked.item(),
      "| student", bn.num_batches_tracked.item())
