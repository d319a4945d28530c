import torch

pixels = torch.tensor([0.0, 128.0, 255.0])
original = pixels.clone()  # a real copy: its own memory

pixels.div_(255.0)
print("pixels:  ", pixels)
print("original:", original)
