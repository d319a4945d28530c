import torch
from torch.multiprocessing.reductions import StorageWeakRef  # sees a storage without keeping it


def watch(tensor):
    return StorageWeakRef(tensor.untyped_storage())


x = torch.randn(1000, requires_grad=True)

hidden = x.exp()  # exp saves its result for the backward pass
storage = watch(hidden)
kept = hidden.detach()
del hidden
print("del hidden, its detached alias kept: freed", storage.expired())
del kept
print("del the detached alias too:          freed", storage.expired())

hidden = x.exp()
storage = watch(hidden)
loss = hidden.sum()
del hidden
print("del hidden, loss and its graph kept: freed", storage.expired())
loss.backward(retain_graph=True)
print("after loss.backward(retain_graph=True): freed", storage.expired())
loss.backward()
print("after loss.backward():                freed", storage.expired())

big = torch.randn(1000)
storage = watch(big)
first_ten = big[:10]
del big
print("del big, a 10-element view kept:      freed", storage.expired())
del first_ten
print("del the view too:                     freed", storage.expired())

model = torch.nn.Linear(100, 100)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model(torch.randn(2, 100)).sum().backward()
storage = watch(model.weight.grad)
optimizer.zero_grad()
grad_gone = model.weight.grad is None
print("after optimizer.zero_grad():", "grad None", grad_gone, "| freed", storage.expired())
