import torch


def f(a, b):
    a.add_(1)  # a write that b sees when the two overlap
    return a + b


compiled = torch.compile(f, backend="aot_eager")
compiled(torch.zeros(4), torch.zeros(4))  # first call: two separate tensors

base = torch.zeros(5)
print("eager:                  ", f(base[:4], base[1:]).tolist())
base = torch.zeros(5)
print("compiled on separate:   ", compiled(base[:4], base[1:]).tolist())

torch._dynamo.reset()  # forget the compiled code
compiled = torch.compile(f, backend="aot_eager")
base = torch.zeros(5)
print("compiled on overlapping:", compiled(base[:4], base[1:]).tolist())
