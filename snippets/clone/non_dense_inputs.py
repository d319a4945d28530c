import torch

grid = torch.arange(24.0).reshape(4, 6)
images = torch.zeros(2, 3, 8, 8).to(memory_format=torch.channels_last)
row = torch.arange(3.0)
pairs = torch.arange(6.0).reshape(2, 3).t()  # transposed: strides (1, 3)
inputs = {  # none of these covers its memory densely: gaps, or elements read twice
    "grid[:, ::2]": grid[:, ::2],
    "grid.t()[::2]": grid.t()[::2],
    "images[..., ::2, ::2]": images[..., ::2, ::2],
    "row.expand(4, 3)": row.expand(4, 3),
    "row.expand(4, 3).t()": row.expand(4, 3).t(),
    "pairs.expand(4, 3, 2)": pairs.expand(4, 3, 2),
}
print(f"{'input':<24}{'stride':<18}{'clone stride':<18}clone contiguous")
for name, t in inputs.items():
    c = t.clone()
    print(f"{name:<24}{t.stride()!s:<18}{c.stride()!s:<18}{c.is_contiguous()}")
channels_last = images[..., ::2, ::2].clone().is_contiguous(memory_format=torch.channels_last)
print("images[..., ::2, ::2].clone() is channels_last:", channels_last)
