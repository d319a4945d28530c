import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
model.requires_grad_(False)  # we attack the input, not train the model
image, label = torch.rand(1, 4), torch.tensor([1])

x = image.detach().requires_grad_()  # a leaf of its own; image keeps requires_grad=False
loss = nn.functional.cross_entropy(model(x), label)
loss.backward()

epsilon = 0.03
adversarial = (x + epsilon * x.grad.sign()).clamp(0, 1).detach()  # FGSM step
print("image.requires_grad:", image.requires_grad, "| x.grad shape:", tuple(x.grad.shape))
print("model weights got no grad:", all(p.grad is None for p in model.parameters()))
print("largest change:", round((adversarial - image).abs().max().item(), 4))
print("loss went up:", nn.functional.cross_entropy(model(adversarial), label).item() > loss.item())
