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
try:  # the same code reused for two separate tensors
    print("then separate:", compiled(torch.zeros(4), torch.zeros(4)).tolist())
except RuntimeError as error:
    print(f"then separate: {type(error).__name__}: {str(error).splitlines()[0]}")

torch._dynamo.reset()
dynamo_only = torch.compile(f, backend="eager")  # Dynamo without AOTAutograd
dynamo_only(torch.zeros(4), torch.zeros(4))
base = torch.zeros(5)
print("backend='eager', on separate:", dynamo_only(base[:4], base[1:]).tolist())
