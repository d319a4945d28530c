# requires: cuda
import torch

host = torch.zeros(3)
gpu = torch.tensor([1.0, 2.0, 3.0], device="cuda")

host.copy_(gpu)  # the destination keeps its device: the data comes to it
print("host:", host, "| device:", host.device)

back = torch.zeros(3, device="cuda", dtype=torch.float16)
back.copy_(host)  # device and dtype conversion in one call
print("back:", back.tolist(), "| device:", back.device, "| dtype:", back.dtype)
