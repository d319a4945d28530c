import torch

w = torch.tensor([1.0, -1.0], requires_grad=True)
loss = (w**2).sum()
loss.backward()
try:
    w -= 0.1 * w.grad  # outside no_grad autograd would have to record this step
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e).splitlines()[0])

with torch.no_grad():
    w -= 0.1 * w.grad  # in place, not recorded
    w.grad.zero_()
print("w:", w, "| leaf:", w.is_leaf)
