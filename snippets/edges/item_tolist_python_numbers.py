import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (w * w).sum()

value = loss.item()
values = (w * 2).tolist()
print("item():   ", type(value).__name__, value)
print("tolist(): ", type(values).__name__, "of", type(values[0]).__name__, values)
try:
    w.detach().item()
except RuntimeError as e:
    print("item() on 3 elements:", type(e).__name__ + ": " + str(e).splitlines()[0])
for t in (torch.tensor(3), torch.tensor(True), torch.tensor(1 + 2j)):
    print(f"item() of {str(t.dtype) + ':':16}", type(t.item()).__name__)
print("tolist() of a 0-d tensor:", type(torch.tensor(5.0).tolist()).__name__)
