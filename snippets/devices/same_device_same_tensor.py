import torch

t = torch.ones(3)  # float32, on the CPU

print("t.to('cpu') is t:            ", t.to("cpu") is t)
print("t.cpu() is t:                ", t.cpu() is t)
print("t.to(torch.float32) is t:    ", t.to(torch.float32) is t)
print("t.float() is t:              ", t.float() is t)
print("t.to(torch.float64) is t:    ", t.to(torch.float64) is t)
print("t.double() is t:             ", t.double() is t)
print("t.to('cpu', copy=True) is t: ", t.to("cpu", copy=True) is t)
