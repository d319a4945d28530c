import torch

a = torch.arange(6.0).reshape(2, 3)
row = a[1]  # a view that starts three elements into the storage

print("storage offset of row:", row.storage_offset())
print("data_ptr() equal:     ", row.data_ptr() == a.data_ptr())
print("data_ptr() difference:", row.data_ptr() - a.data_ptr(), "bytes (3 float32 elements)")
print("same storage:         ",
      row.untyped_storage().data_ptr() == a.untyped_storage().data_ptr())
