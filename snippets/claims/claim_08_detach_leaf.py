import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
for name, t in {"(a * 2).detach()": (a * 2).detach(), "a.detach()": a.detach()}.items():
    print(f"{name:<16} is_leaf={t.is_leaf} requires_grad={t.requires_grad} grad_fn={t.grad_fn}")
same = a.detach().untyped_storage().data_ptr() == a.untyped_storage().data_ptr()
print("a.detach() shares a's storage:", same)
