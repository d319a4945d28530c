import torch

cases = {
    "(2, 3) <- (3, 2)": (torch.zeros(2, 3), torch.zeros(3, 2)),
    "(6,)   <- (2, 3)": (torch.zeros(6), torch.zeros(2, 3)),  # same 6 elements
    "(3,)   <- (2, 3)": (torch.zeros(3), torch.zeros(2, 3)),  # source larger
}
for name, (dst, src) in cases.items():
    try:
        dst.copy_(src)
        print(name, "copied")
    except RuntimeError as e:
        print(name, type(e).__name__ + ": " + str(e).splitlines()[0])
