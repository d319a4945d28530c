# requires: cuda
import torch

cpu = torch.zeros(3)
gpu = cpu.to("cuda")
print("cpu.to('cuda') is cpu:", gpu is cpu, "| device:", gpu.device.type)
print("a second cpu.cuda() is gpu:", cpu.cuda() is gpu)

print("gpu.cuda() is gpu:          ", gpu.cuda() is gpu)
print("gpu.to('cuda') is gpu:      ", gpu.to("cuda") is gpu)
print("gpu.to(gpu.device) is gpu:  ", gpu.to(gpu.device) is gpu)
print("gpu.to('cuda', copy=True) is gpu:", gpu.to("cuda", copy=True) is gpu)

gpu[0] = 1.0  # the device copy has its own memory
print("cpu after writing gpu:", cpu)
