import torch


def bump(x):
    rows = x.expand(3, 4)  # three rows over the same four numbers
    rows.add_(1)
    return x


def first_line(error):
    return f"{type(error).__name__}: {str(error).split('.')[0]}"


try:
    bump(torch.zeros(4))
except RuntimeError as error:
    print("eager:", first_line(error))

compiled = torch.compile(bump, backend="aot_eager")
print("compiled:", compiled(torch.zeros(4)).tolist())
try:
    torch.compile(bump, backend="eager")(torch.zeros(4))  # Dynamo without AOTAutograd
except RuntimeError as error:
    print("backend='eager':", first_line(error))
