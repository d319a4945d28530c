import torch


def same_storage(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


a = torch.arange(6.0)
row = a.view(2, 3)[1]
print("a, a.view(2, 3)[1]: data_ptr equal:", a.data_ptr() == row.data_ptr(),
      "| same storage:", same_storage(a, row))
row[0] = -1.0
print("a after writing row[0]:", a)
e1, e2 = torch.empty(0), torch.empty(0)
print("two unrelated empty tensors: data_ptr equal:", e1.data_ptr() == e2.data_ptr())
