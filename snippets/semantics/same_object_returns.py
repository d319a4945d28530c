import torch

a = torch.arange(6.0).reshape(2, 3)

results = {
    "a.contiguous()": a.contiguous(),
    "torch.as_tensor(a)": torch.as_tensor(a),
    "a.to(a.device)": a.to(a.device),
    "a.to(torch.float32)": a.to(torch.float32),
    "a.cpu()": a.cpu(),
    "a.to(a.device, copy=True)": a.to(a.device, copy=True),
}
for code, b in results.items():
    print(f"{code:<26} is a: {b is a}")
