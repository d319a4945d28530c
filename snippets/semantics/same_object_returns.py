import torch

a = torch.arange(6.0).reshape(2, 3)
img = torch.zeros(1, 3, 2, 2)  # a row-major 4-D tensor, for the memory-format row

results = {
    "a.contiguous()": (a.contiguous(), a),
    "torch.as_tensor(a)": (torch.as_tensor(a), a),
    "a.to(a.device)": (a.to(a.device), a),
    "a.to(torch.float32)": (a.to(torch.float32), a),
    "a.cpu()": (a.cpu(), a),
    "a.to(a.device, copy=True)": (a.to(a.device, copy=True), a),
    "torch.as_tensor(a, dtype=torch.float64)": (torch.as_tensor(a, dtype=torch.float64), a),
    "img.contiguous(memory_format=channels_last)": (
        img.contiguous(memory_format=torch.channels_last),
        img,
    ),
}
for code, (b, source) in results.items():
    print(f"{code:<44} is the source: {b is source}")
