import torch


def attempt(name, write):
    w = torch.tensor([0.0, 2.0, 0.0], requires_grad=True)  # a leaf that requires grad
    try:
        write(w)
        print(f"{name:<22} ok: w is now {w.tolist()}, version {w._version}, leaf {w.is_leaf}")
    except RuntimeError as e:
        print(f"{name:<22} {type(e).__name__}: {str(e).splitlines()[0]}")


other = torch.tensor([1.0, 1.0, 0.0])
attempt("w.logical_not_()", lambda w: w.logical_not_())
attempt("w.logical_and_(other)", lambda w: w.logical_and_(other))
attempt("w.logical_or_(other)", lambda w: w.logical_or_(other))
attempt("w.logical_xor_(other)", lambda w: w.logical_xor_(other))
attempt("w.eq_(0)", lambda w: w.eq_(0))
attempt("w.sign_()", lambda w: w.sign_())
w = torch.tensor([0.0, 2.0, 0.0], requires_grad=True)
for name, result in (("w.logical_not()", w.logical_not()), ("w.eq(0)", w.eq(0))):
    print(f"{name:<22} dtype {result.dtype} | requires_grad {result.requires_grad}")
