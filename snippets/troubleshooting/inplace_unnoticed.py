import torch


def through_data(h):
    h.data.add_(1)


def through_numpy(h):
    array = h.detach().numpy()
    array += 1


for write in (through_data, through_numpy):
    z = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
    h = z.sigmoid()  # sigmoid saves h for the backward pass
    write(h)
    h.sum().backward()  # runs without an error
    print(f"{write.__name__:<13} h._version: {h._version} | z.grad: {z.grad}")
s = torch.tensor([0.0, 1.0, 2.0]).sigmoid()
print(f"{'correct':<13} gradient:     {s * (1 - s)}")
