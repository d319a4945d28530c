import torch

t = torch.ones(3)
print("t.to('cpu') is t:           ", t.to("cpu") is t)
print("t.cpu() is t:               ", t.cpu() is t)
print("t.to('cpu', copy=True) is t:", t.to("cpu", copy=True) is t)
print("t.to(torch.float64) is t:   ", t.to(torch.float64) is t)
