import torch

buf = torch.zeros(3)
before = buf.untyped_storage().data_ptr()
out = buf.copy_(torch.tensor([1.0, 2.0, 3.0]))

print("buf:", buf)
print("returns buf itself:", out is buf)
print("same storage as before:", buf.untyped_storage().data_ptr() == before)
print("version counter:", buf._version)
