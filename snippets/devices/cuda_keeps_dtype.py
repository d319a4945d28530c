# requires: cuda
import torch

for dtype in (torch.float64, torch.int64, torch.bfloat16, torch.bool):
    print(f"{str(dtype):15} .to('cuda') ->", torch.zeros(2, dtype=dtype).to("cuda").dtype)

print("to('cuda', torch.float16):", torch.zeros(2).to("cuda", torch.float16).dtype)
like = torch.zeros(2, dtype=torch.float16, device="cuda")
print("to(like):", torch.zeros(2).to(like).dtype, "on", torch.zeros(2).to(like).device.type)
