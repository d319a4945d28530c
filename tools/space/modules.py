"""Module kinds of the boundary space: the models on which what a call does to a model's tensors can
differ. Each kind builds a fresh module every time and describes itself in words in each language
(text/<language>/space-modules.yml, key = the kind's name).

    from tools.space.modules import KINDS
    kind = KINDS["tied"]
    m = kind.build()          # a new module each call
    x = kind.example(m)       # an input for it, on its device, in its dtype
    kind.describe("zh")

The kinds, each small enough to build in a millisecond (compiled and wrapped excepted, whose first
forward compiles or starts a process group): plain, tied weights, buffers of several dtypes,
partly frozen, built on `meta` (with tied weights, as models built that way usually are),
parametrized, with a non-persistent buffer, with a 4-D weight (a convolution), compiled
(`torch.compile`), wrapped (`DistributedDataParallel` over `gloo` in this one process: a process
group of world size 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import torch
from torch import nn

from tools.text import catalogue


class Tied(nn.Module):
    """An embedding whose weight is also the output layer's (a language model's tied weights)."""

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(5, 4)
        self.hidden = nn.Linear(4, 4)
        self.out = nn.Linear(4, 5, bias=False)
        self.out.weight = self.embed.weight

    def forward(self, x):
        return self.out(torch.relu(self.hidden(self.embed(x))))


class Scaled(nn.Module):
    """A linear layer after a scale kept as a non-persistent buffer (not in the state dict)."""

    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 2)
        self.register_buffer("scale", torch.full((4,), 0.5), persistent=False)

    def forward(self, x):
        return self.linear(x * self.scale)


class Symmetric(nn.Module):
    """A parametrization: the weight used is the symmetric matrix built from its upper half."""

    def forward(self, weight):
        return weight.triu() + weight.triu(1).transpose(-1, -2)


def _mlp() -> nn.Module:
    return nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))


def _frozen() -> nn.Module:
    model = _mlp()
    model[0].requires_grad_(False)
    return model


def _buffers() -> nn.Module:
    return nn.BatchNorm1d(4)  # running_mean, running_var: float32; num_batches_tracked: int64


def _meta() -> nn.Module:
    with torch.device("meta"):
        return Tied()


def _parametrized() -> nn.Module:
    model = _mlp()
    nn.utils.parametrize.register_parametrization(model[0], "weight", Symmetric())
    return model


def _conv() -> nn.Module:
    return nn.Conv2d(2, 3, 2)  # a 4-D weight: what memory_format applies to


def _compiled() -> nn.Module:
    return torch.compile(_mlp())


def process_group() -> None:
    """A gloo process group of world size 1 in this process (an in-memory store: nothing listens
    on a port), made once."""
    import torch.distributed as dist

    if not dist.is_initialized():
        dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)


def _wrapped() -> nn.Module:
    process_group()
    return nn.parallel.DistributedDataParallel(_mlp())


def unwrap(module: nn.Module) -> nn.Module:
    """The module a wrapper holds (DistributedDataParallel's `.module`, a compiled module's
    `._orig_mod`), unwrapped again while it is one; anything else as it is."""
    while True:
        inner = getattr(module, "_orig_mod", None)
        if inner is None and isinstance(module, nn.parallel.DistributedDataParallel):
            inner = module.module
        if not isinstance(inner, nn.Module):
            return module
        module = inner


def example(module: nn.Module) -> torch.Tensor:
    """An input for a module of any kind here: token ids for the tied models, a 2-channel 4x4
    image for the convolution, else a batch of three 4-feature rows; on the module's device and
    in the dtype of its first floating tensor."""
    inner = unwrap(module)
    tensors = [*inner.parameters(), *inner.buffers()]
    device = tensors[0].device if tensors else torch.device("cpu")
    if isinstance(inner, Tied):
        return torch.tensor([0, 1, 2], device=device)
    floating = [t.dtype for t in tensors if t.is_floating_point() or t.is_complex()]
    shape = (1, 2, 4, 4) if isinstance(inner, nn.Conv2d) else (3, 4)  # an image, or rows
    count = shape[0] * shape[1] * (16 if len(shape) == 4 else 1)
    return torch.linspace(-1, 1, count, device=device).view(shape).to(floating[0])


@dataclass(frozen=True)
class ModuleKind:
    name: str
    build: Callable[[], nn.Module]
    # The same model with memory on the CPU (for a kind built on `meta`: built on the CPU).
    cpu_twin: Callable[[], nn.Module]
    # Compiling or starting a process group: only `make module-atlas`, never the test suite.
    heavy: bool = False

    def example(self, module: nn.Module) -> torch.Tensor:
        return example(module)

    def describe(self, language: str = "en") -> str:
        return catalogue("space-modules", language)(self.name)


def _kind(name: str, build: Callable[[], nn.Module], twin=None, heavy=False) -> ModuleKind:
    return ModuleKind(name, build, twin or build, heavy)


KINDS: dict[str, ModuleKind] = {
    kind.name: kind
    for kind in (
        _kind("plain", _mlp),
        _kind("tied", Tied),
        _kind("buffers", _buffers),
        _kind("frozen", _frozen),
        _kind("meta", _meta, Tied),
        _kind("parametrized", _parametrized),
        _kind("non-persistent", Scaled),
        _kind("conv", _conv),
        _kind("compiled", _compiled, heavy=True),
        _kind("wrapped", _wrapped, heavy=True),
    )
}
