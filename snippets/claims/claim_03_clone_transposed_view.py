import torch

t = torch.arange(6.0).reshape(2, 3).t()
c = t.clone()
print("clone stride:", c.stride(), "| contiguous:", c.is_contiguous())
try:
    c.view(-1)
except RuntimeError as e:
    print("c.view(-1):", type(e).__name__ + ": " + str(e).splitlines()[0])
print("clone(memory_format=torch.contiguous_format).view(-1):",
      t.clone(memory_format=torch.contiguous_format).view(-1))
