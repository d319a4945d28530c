import torch


def shares_memory(x, y):
    return x.untyped_storage().data_ptr() == y.untyped_storage().data_ptr()


a = torch.zeros(2, 3)

# The plain forms return a new tensor object; a view among them still shares a's memory.
added = a.add(1)
flipped = a.transpose(0, 1)
print("add:        new object:", added is not a, "| shares memory:", shares_memory(added, a))
print("transpose:  new object:", flipped is not a, "| shares memory:", shares_memory(flipped, a))

# The _ forms change a itself and return it; some write values, some change only metadata.
print("add_:           returns a:", a.add_(1) is a, "| a[0, 0]:", a[0, 0].item())
print("transpose_:     returns a:", a.transpose_(0, 1) is a, "| shape:", tuple(a.shape))
print("requires_grad_: returns a:", a.requires_grad_() is a, "| sum:", a.sum().item())
