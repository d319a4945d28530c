import torch

grid = torch.zeros(2, 3)
grid.copy_(torch.tensor([1.0, 2.0, 3.0]))  # shape (3,) broadcasts to (2, 3)
print(grid)

grid.copy_(torch.tensor(7.0))  # a 0-d tensor fills everything
print(grid)
