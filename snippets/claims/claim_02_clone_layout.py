import torch

x = torch.arange(12.0).reshape(3, 4)
inputs = {
    "transposed x.t()": x.t(),
    "sliced x[:, ::2]": x[:, ::2],
    "permuted 4-d": torch.zeros(2, 3, 4, 5).permute(0, 2, 3, 1),
}
for name, t in inputs.items():
    c = t.clone()
    print(f"{name:<17} input contiguous: {t.is_contiguous()!s:<5} | "
          f"clone contiguous: {c.is_contiguous()!s:<5} | clone stride: {c.stride()}")
