import warnings

import torch
from torch import nn


class Counted(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("calls", torch.zeros(()))  # buffers: tensors in the state
        self.register_buffer("seen", torch.zeros(()))
        self.py_calls = 0  # a plain Python number

    def forward(self, x):
        self.calls.add_(1)  # written in place
        self.seen = self.seen + x.shape[0]  # rebound to a new tensor
        self.py_calls += 1
        return self.linear(x)


model = Counted()
x = torch.ones(1, 2)
program = torch.export.export(model, (x,))
print("after export: buffer", model.calls.item(), "| Python counter", model.py_calls)

runnable = program.module()
runnable(x)
runnable(x)
print("after two calls: exported buffers", runnable.calls.item(), runnable.seen.item())
print("the original model's buffers:", model.calls.item(), model.seen.item())
print("the original model's Python counter:", model.py_calls)
print("Python counter in the exported module:", hasattr(runnable, "py_calls"))

print("same weight object as the original:", runnable.linear.weight is model.linear.weight)
print("same buffer memory as the original:", runnable.calls.data_ptr() == model.calls.data_ptr())

model = Counted()  # the same model exported with strict=True (TorchDynamo traces it)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    runnable = torch.export.export(model, (x,), strict=True).module()
print("strict=True warns:", [str(w.message).split(". ")[0] for w in caught])
runnable(x)
runnable(x)
print("strict=True, after two calls: in place", model.calls.item(), "| rebound", model.seen.item())

model = Counted()
runnable = torch.export.export(model, (x,)).module()
model(x)  # the original's own forward rebinds model.seen to a new tensor
runnable(x)
runnable(x)
print("one call of the original, two of the exported module: calls", model.calls.item())
print("  seen: the original's", model.seen.item(), "| the exported module's", runnable.seen.item())
