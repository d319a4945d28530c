import torch


def order(t):
    """Dimensions from the largest stride to the smallest: the order memory runs in."""
    return sorted(range(t.dim()), key=lambda d: -t.stride(d))


grid = torch.arange(12.0).reshape(4, 3)
images = torch.zeros(2, 3, 8, 8).to(memory_format=torch.channels_last)
for name, t in {"grid[:, ::2]": grid[:, ::2], "grid.t()[::2]": grid.t()[::2],
                "images[..., ::2, ::2]": images[..., ::2, ::2]}.items():
    c = t.clone()
    print(f"{name:<21} input order: {order(t)} | clone order: {order(c)} | "
          f"clone stride: {c.stride()} | clone contiguous: {c.is_contiguous()}")
