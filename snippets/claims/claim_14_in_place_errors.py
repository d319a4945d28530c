import torch


def attempt(name, operation):
    try:
        operation()
        print(f"{name:<30} allowed")
    except RuntimeError as e:
        print(f"{name:<30} {type(e).__name__}: {str(e).splitlines()[0]}")


def under_no_grad():
    with torch.no_grad():
        w.add_(1)


w = torch.ones(3, requires_grad=True)
attempt("leaf: w.add_(1)", lambda: w.add_(1))
attempt("view of a leaf: w[:2].add_(1)", lambda: w[:2].add_(1))
attempt("leaf under no_grad", under_no_grad)
h = w * 2
attempt("non-leaf: (w * 2).add_(1)", lambda: h.add_(1))
print("non-leaf after add_: requires_grad =", h.requires_grad, "| grad_fn =",
      type(h.grad_fn).__name__)
