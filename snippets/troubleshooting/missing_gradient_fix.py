import torch

torch.manual_seed(0)
encoder, head = torch.nn.Linear(4, 3), torch.nn.Linear(3, 1)
x = torch.randn(2, 4)
features = encoder(x)  # no detach: the encoder stays in the graph
print("features.grad_fn:", type(features.grad_fn).__name__)
head(features).sum().backward()
print("encoder.weight.grad is None:", encoder.weight.grad is None)
