import torch

pixels = torch.tensor([0.0, 128.0, 255.0])
original = pixels  # meant as a backup of the raw values

pixels.div_(255.0)  # in-place normalisation, e.g. inside a preprocessing function
print("pixels:  ", pixels)
print("original:", original)
