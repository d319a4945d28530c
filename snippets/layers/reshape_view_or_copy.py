import torch


def same_storage(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


a = torch.arange(6.0).reshape(2, 3)
t = a.t()

print("a.reshape(-1) shares storage:   ", same_storage(a.reshape(-1), a))
print("t.reshape(-1) shares storage:   ", same_storage(t.reshape(-1), t))
print("a.contiguous() is a:            ", a.contiguous() is a)
print("t.contiguous() shares storage:  ", same_storage(t.contiguous(), t))
print("t.flatten() shares storage:     ", same_storage(t.flatten(), t))

# Non-contiguous is not the same as "must copy": a tensor whose strides can express the new
# shape is still viewed (PyTorch's own test_view_ops.py uses this input).
s = torch.randn(4, 4, 4)[:, 0, :]
print("s contiguous:                     ", s.is_contiguous())
print("s.reshape(2, 2, 4) shares storage:", same_storage(s.reshape(2, 2, 4), s))
print("s.contiguous() shares storage:     ", same_storage(s.contiguous(), s))
