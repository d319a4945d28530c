import torch


def bump(x):
    rows = x.expand(3, 4)  # three rows over the same four numbers
    rows.add_(1)
    return x


try:
    bump(torch.zeros(4))
except RuntimeError as error:
    print(f"eager: {type(error).__name__}: {str(error).split('.')[0]}")

compiled = torch.compile(bump, backend="aot_eager")
print("compiled:", compiled(torch.zeros(4)).tolist())
