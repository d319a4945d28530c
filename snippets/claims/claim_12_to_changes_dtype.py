import torch

x = torch.tensor([0.1], dtype=torch.float64)
reference = torch.zeros(1)  # float32, e.g. a model's weight
print("x.to('cpu'):                dtype", x.to("cpu").dtype)
print("x.to(torch.device('cpu')):  dtype", x.to(torch.device("cpu")).dtype)
print("x.to('cpu', torch.float32): dtype", x.to("cpu", torch.float32).dtype)
print("x.to(reference):            dtype", x.to(reference).dtype)
