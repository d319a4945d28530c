import torch

print("torch", torch.__version__.split("+")[0])
