import torch

w0 = 2.0
view_a, view_b = torch.tensor(1.0), torch.tensor(3.0)  # two views of one sample

for target_of in ("w * view_b", "(w * view_b).detach()"):
    w = torch.tensor(w0, requires_grad=True)  # the one shared weight
    prediction = w * view_a
    target = w * view_b if target_of == "w * view_b" else (w * view_b).detach()
    loss = (prediction - target) ** 2
    loss.backward()
    print(f"target = {target_of:21} loss {loss.item():.1f}  w.grad {w.grad.item():+.1f}")
