import torch

ways = {
    "clone()": lambda t: t.clone(),
    "detach()": lambda t: t.detach(),
    "clone().detach()": lambda t: t.clone().detach(),
    "detach().clone()": lambda t: t.detach().clone(),
}
print(f"{'':<18}{'own storage':<13}{'grad flows back':<17}{'is_leaf':<9}grad_fn")
for name, copy in ways.items():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    out = copy(x)
    own = out.untyped_storage().data_ptr() != x.untyped_storage().data_ptr()
    if out.requires_grad:
        out.sum().backward()
    flows = x.grad is not None
    grad_fn = type(out.grad_fn).__name__ if out.grad_fn else None
    print(f"{name:<18}{own!s:<13}{flows!s:<17}{out.is_leaf!s:<9}{grad_fn}")
