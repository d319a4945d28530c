import torch

torch.manual_seed(0)
encoder, head = torch.nn.Linear(4, 3), torch.nn.Linear(3, 1)
x = torch.randn(2, 4)
features = encoder(x).detach()  # the bug, often far from the loss
print("features.requires_grad:", features.requires_grad, "| grad_fn:", features.grad_fn)
head(features).sum().backward()
print("head.weight.grad is None:   ", head.weight.grad is None)
print("encoder.weight.grad is None:", encoder.weight.grad is None)
