import torch


def attempt(name, operation):
    try:
        operation()
        print(f"{name:<32} allowed")
    except RuntimeError as e:
        print(f"{name:<32} {type(e).__name__}: {str(e).splitlines()[0]}")


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

# Non-leaves that refuse in-place writes, each with an error of its own.
attempt("an output of h.unbind()", lambda: h.unbind()[0].add_(1))
with torch.no_grad():
    v = h[:2]
attempt("a view made under no_grad", lambda: v.add_(1))

# A leaf that does not refuse: logical_not_ has no derivative, so autograd never checks it.
leaf = torch.ones(3, requires_grad=True)
attempt("leaf: leaf.logical_not_()", lambda: leaf.logical_not_())
print("leaf after logical_not_:", leaf)

# The later backward error needs the version check, which saved-tensor hooks skip.
for hooks in (False, True):
    x = torch.tensor([0.5, 1.0], requires_grad=True)
    y = x * 1
    if hooks:
        with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
            z = y.sin()  # saves y through the hooks
    else:
        z = y.sin()  # saves y
    y.add_(1)  # overwrites the saved y
    label = "with saved-tensor hooks" if hooks else "plain"
    attempt(f"backward, {label}", lambda z=z: z.sum().backward())
    if hooks:
        print("x.grad:", x.grad, "| right would be cos(x):", torch.cos(x.detach()))
