import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = a
c = a.clone()


def same_storage(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


print("b is a:", b is a, "| same storage:", same_storage(a, b))
print("c is a:", c is a, "| same storage:", same_storage(a, c))
print("equal values, a and c:", torch.equal(a, c))
