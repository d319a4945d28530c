import torch

a = torch.arange(6.0)
left, right = a[:3], a[3:]
print("left, right: data_ptr() equal:", left.data_ptr() == right.data_ptr())
print("left, right: same storage:    ",
      left.untyped_storage().data_ptr() == right.untyped_storage().data_ptr())
right += 10  # writes only the second half: left never sees it
print("left after writing right:", left)

e1, e2 = torch.empty(0), torch.empty(0)  # two unrelated tensors without any memory
print("empty tensors: data_ptr() values:", e1.data_ptr(), e2.data_ptr())
print("empty tensors: same storage:     ",
      e1.untyped_storage().data_ptr() == e2.untyped_storage().data_ptr())
