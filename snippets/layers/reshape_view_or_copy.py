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
