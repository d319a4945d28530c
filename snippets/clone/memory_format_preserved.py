import torch

grid = torch.arange(12.0).reshape(3, 4)
images = torch.zeros(2, 3, 4, 4)
inputs = {
    "grid.t()": grid.t(),
    "grid[:2]": grid[:2],
    "images.permute(0, 2, 3, 1)": images.permute(0, 2, 3, 1),
    "images (channels_last)": images.to(memory_format=torch.channels_last),
}
print(f"{'input':<28}{'stride':<16}{'clone stride':<16}clone contiguous")
for name, t in inputs.items():
    c = t.clone()  # memory_format=torch.preserve_format is the default
    print(f"{name:<28}{t.stride()!s:<16}{c.stride()!s:<16}{c.is_contiguous()}")
