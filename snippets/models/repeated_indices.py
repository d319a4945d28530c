import torch

idx = torch.tensor([0, 0, 0, 2])  # index 0 three times

a = torch.zeros(3)
a[idx] += 1  # reads a[idx], adds 1, writes back: the three writes of 0 all write 1
print("a[idx] += 1:                     ", a)

b = torch.zeros(3)
b.index_put_((idx,), torch.ones(4), accumulate=True)
print("index_put_(..., accumulate=True):", b)

c = torch.zeros(3)
c.index_add_(0, idx, torch.ones(4))
print("index_add_:                      ", c)

print("bincount:                        ", torch.bincount(idx, minlength=3))
