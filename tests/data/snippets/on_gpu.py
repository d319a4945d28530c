# requires: cuda
import torch

print(torch.ones(1, device="cuda").device)
