import torch


def first_line(error):
    return f"{type(error).__name__}: {str(error).splitlines()[0]}"


def shares(t, n):
    return n.__array_interface__["data"][0] == t.data_ptr()


# Without autograd in the way, numpy() shares memory for any dtype NumPy has, any strides, 0-d too.
for name, t in (
    ("float16", torch.zeros(2, dtype=torch.float16)),
    ("int64, transposed", torch.zeros(3, 4, dtype=torch.int64).t()),
    ("complex64, 0-d", torch.tensor(1 + 2j)),
):
    print(f"{name + ':':<26} shares memory: {shares(t, t.numpy())}")

# Where it stops: a dtype NumPy lacks, and a lazily conjugated complex view.
try:
    torch.zeros(2, dtype=torch.bfloat16).numpy()
except TypeError as error:
    print(f"{'bfloat16:':<26} {first_line(error)}")
conj = torch.tensor([1 + 2j, 3 - 1j]).conj()
try:
    conj.numpy()
except RuntimeError as error:
    print(f"{'conj() view:':<26} {first_line(error)}")
print(f"{'conj() view, force=True:':<26} shares memory: {shares(conj, conj.numpy(force=True))}")
