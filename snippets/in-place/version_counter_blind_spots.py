import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)


def gradient_after(write):
    w.grad = None
    y = w.exp()  # exp saves its output y for the backward pass
    write(y)
    y.sum().backward()
    return f"version {y._version} | w.grad {[round(g, 4) for g in w.grad.tolist()]}"


print("no write:          ", gradient_after(lambda y: None))
print("y.detach().zero_():", end=" ")
try:
    gradient_after(lambda y: y.detach().zero_())
except RuntimeError as err:
    print(type(err).__name__, "at backward")
print("y.data.zero_():    ", gradient_after(lambda y: y.data.zero_()))
print("numpy() write:     ", gradient_after(lambda y: y.detach().numpy().fill(0.0)))
print("DLPack write:      ", gradient_after(lambda y: torch.from_dlpack(y.detach()).zero_()))
