import torch

t = torch.ones(2)  # float32
like = torch.zeros(2, dtype=torch.float64)

print("t.to('cpu').dtype: ", t.to("cpu").dtype)
print("t.to(like).dtype:  ", t.to(like).dtype)  # device AND dtype of `like`
print("t.to('cpu', torch.float16).dtype:", t.to("cpu", torch.float16).dtype)
