import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x + 1  # add saves nothing for the backward pass
y.detach().zero_()  # so this write cannot corrupt a gradient ...

loss = (y * 10).sum()  # ... but the forward pass now computes with zeros
loss.backward()
print("no error | loss:", loss.item(), "| x.grad:", x.grad)
