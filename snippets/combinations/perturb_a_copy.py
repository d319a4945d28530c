import torch

weights = torch.tensor([1.0, -1.0, 2.0])
for name, make_start in {
    "detach()": lambda t: t.detach(),
    "detach().clone()": lambda t: t.detach().clone(),
}.items():
    image = torch.tensor([0.5, 0.5, 0.5])
    x = make_start(image).requires_grad_()  # the input we will push uphill
    for _ in range(3):
        (x * weights).sum().backward()
        with torch.no_grad():
            x.add_(0.1 * x.grad.sign())  # in-place step, as most attack loops do
        x.grad = None
    print(f"start from {name:<17} image after the attack: {image}")
