import torch


def attempt(name, write):
    try:
        write()
        print(f"{name:<24} ok")
    except RuntimeError as e:
        print(f"{name:<24} {type(e).__name__}: {str(e).splitlines()[0]}")


w = torch.zeros(3, requires_grad=True)
attempt("w.add_(1)", lambda: w.add_(1))
attempt("w.zero_()", lambda: w.zero_())
attempt("w[0] = 1", lambda: w.__setitem__(0, 1.0))
attempt("w[:2].mul_(2)", lambda: w[:2].mul_(2))
attempt("w.detach().add_(1)", lambda: w.detach().add_(1))
attempt("w.data.add_(1)", lambda: w.data.add_(1))
with torch.no_grad():
    attempt("w.add_(1) in no_grad", lambda: w.add_(1))
attempt("(w * 2).add_(1)", lambda: (w * 2).add_(1))
print("w now:", w.detach().tolist())
