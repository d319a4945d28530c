import torch


def fill_rows(x):
    x.expand(3, -1).fill_(2.0)
    return x


print("eager:   ", fill_rows(torch.tensor([-1.0, -0.5, 0.0, 0.5])).tolist())
compiled = torch.compile(fill_rows, backend="aot_eager")
print("compiled:", compiled(torch.tensor([-1.0, -0.5, 0.0, 0.5])).tolist())
dynamo_only = torch.compile(fill_rows, backend="eager")  # Dynamo without AOTAutograd
print("backend='eager':", dynamo_only(torch.tensor([-1.0, -0.5, 0.0, 0.5])).tolist())
