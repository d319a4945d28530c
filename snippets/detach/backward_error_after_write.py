import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()  # exp saves its output y: the gradient of exp(x) is exp(x)
y.detach().zero_()  # overwrites what backward will need

try:
    y.sum().backward()
except RuntimeError as error:
    print(type(error).__name__ + ":", str(error).splitlines()[0])
