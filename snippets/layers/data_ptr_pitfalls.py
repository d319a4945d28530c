import torch

a = torch.arange(6.0)
head, tail = a[:4], a[2:]  # overlapping views: a[2] and a[3] belong to both
print("a[:4], a[2:]: data_ptr() equal:", head.data_ptr() == tail.data_ptr())
tail[0] = 100.0  # ... yet a write through one is seen by the other
print("a[:4] after writing a[2:]:", head)

b = torch.arange(6.0)
left, right = b[:3], b[3:]  # one storage, no element in common
print("b[:3], b[3:]: same storage:  ",
      left.untyped_storage().data_ptr() == right.untyped_storage().data_ptr())
right += 10  # writes only the second half: left never sees it
print("b[:3] after writing b[3:]:", left)

e1, e2 = torch.empty(0), torch.empty(0)  # two unrelated tensors without any memory
print("empty tensors: data_ptr() values:", e1.data_ptr(), e2.data_ptr())
print("empty tensors: same storage:     ",
      e1.untyped_storage().data_ptr() == e2.untyped_storage().data_ptr())
