import torch

x = torch.arange(6.0).reshape(2, 3).requires_grad_()
source = (x * 2).t()  # a non-leaf with a non-contiguous layout

a = source.clone().detach()
b = source.detach().clone()
for name, t in (("clone().detach()", a), ("detach().clone()", b)):
    own = t.untyped_storage().data_ptr() != source.untyped_storage().data_ptr()
    print(
        f"{name}: own storage {own} | stride {t.stride()} | requires_grad {t.requires_grad}"
        f" | is_leaf {t.is_leaf} | _version {t._version}"
    )
print("equal values:", torch.equal(a, b))
