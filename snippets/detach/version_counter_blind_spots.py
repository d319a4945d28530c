import torch

writes = {  # the same overwrite of exp's saved output, made five ways
    "y.detach().zero_()": lambda y: y.detach().zero_(),
    "y.data.zero_()": lambda y: y.data.zero_(),
    "y.detach().numpy().fill(0)": lambda y: y.detach().numpy().fill(0),
    "torch.from_dlpack(y.detach()).zero_()": lambda y: torch.from_dlpack(y.detach()).zero_(),
    "y.untyped_storage().fill_(0)": lambda y: y.untyped_storage().fill_(0),
}
for code, write in writes.items():
    x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
    y = x.exp()  # saves y for the backward pass
    write(y)
    try:
        y.sum().backward()
        verdict = f"no error, x.grad = {x.grad}"
    except RuntimeError as error:
        verdict = f"{type(error).__name__} at backward"
    print(f"{code:<39} _version {y._version} | {verdict}")
