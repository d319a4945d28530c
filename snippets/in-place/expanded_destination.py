import torch

e = torch.zeros(1).expand(3)  # three elements, one memory location
try:
    e.copy_(torch.tensor([1.0, 2.0, 3.0]))
except RuntimeError as err:
    print(type(err).__name__ + ": " + str(err).splitlines()[0])


def set_all(e):
    e[:] = torch.tensor([1.0, 2.0, 3.0])


def set_one(e):
    e[0] = 7.0


writes = {
    "e.add_(1)": lambda e: e.add_(1),
    "e[:] = [1., 2., 3.]": set_all,
    "e.fill_(5)": lambda e: e.fill_(5),
    "e.zero_()": lambda e: e.zero_(),
    "e[0] = 7": set_one,
}
for label, write in writes.items():
    e = torch.zeros(1).expand(3)
    try:
        write(e)
        print(f"{label:20} written silently: {e.tolist()}")
    except RuntimeError as err:
        print(f"{label:20} refused: {type(err).__name__}")
