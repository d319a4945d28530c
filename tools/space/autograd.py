"""Autograd at the boundaries: the states a tensor can be in, the grad modes an operation can
run under, and the regions that change what backward finds (saved-tensor hooks, checkpoints).

A tensor's state here is what was done to the tensor a case starts from; the views taken from it
(`tools.space.tensors`) add the rest: a view of a leaf, of a non-leaf, a view made under
no_grad, one output of several (unbind), a view a custom Function returned.
"""

from __future__ import annotations

import contextlib
import functools

import torch
import torch.utils.checkpoint

from tools.space.core import Case, word


def _leaf(base):
    return base.requires_grad_()


def _nonleaf(base):
    return base.requires_grad_() * 1


def _saved(base):
    return base.requires_grad_().sigmoid()  # sigmoid saves its output for backward


def _detached(base):
    return base.requires_grad_().detach()


def _inference(base):
    with torch.inference_mode():
        return base.clone()


STATES = {
    "plain": lambda base: base,
    "leaf_grad": _leaf,
    "nonleaf": _nonleaf,
    "saved": _saved,
    "detached": _detached,
    "inference": _inference,
}
STATE_WEIGHT = {"plain": 0, "leaf_grad": 1, "nonleaf": 2, "saved": 2, "detached": 2, "inference": 2}


class ViewOfInput(torch.autograd.Function):
    """A custom Function that returns a view of its input (autograd then forbids writing into
    it in place)."""

    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


# --- grad modes ---------------------------------------------------------------------------------

MODES = {
    "enabled": contextlib.nullcontext,
    "no_grad": torch.no_grad,
    "inference_mode": torch.inference_mode,
    "grad_disabled": functools.partial(torch.set_grad_enabled, False),
}


def _describe_mode(case: Case, language: str) -> str:
    return word(language, "mode", case.key)


@functools.cache
def modes() -> tuple[Case, ...]:
    return tuple(
        Case(
            "mode",
            key,
            {"mode": key, "grad_on": key == "enabled"},
            maker,
            _describe_mode,
            0 if key == "enabled" else 1,
        )
        for key, maker in MODES.items()
    )


# --- regions: where the forward pass runs --------------------------------------------------------


def _plain(fn, *args):
    return fn(*args)


def _hooks(fn, *args):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        return fn(*args)


def _save_on_cpu(fn, *args):
    with torch.autograd.graph.save_on_cpu():
        return fn(*args)


def _checkpoint(reentrant: bool, fn, *args):
    return torch.utils.checkpoint.checkpoint(fn, *args, use_reentrant=reentrant)


REGIONS = {
    "plain": _plain,
    "saved_tensor_hooks": _hooks,
    "save_on_cpu": _save_on_cpu,
    "checkpoint_reentrant": functools.partial(_checkpoint, True),
    "checkpoint": functools.partial(_checkpoint, False),
}


def _describe_region(case: Case, language: str) -> str:
    return word(language, "region", case.key)


@functools.cache
def regions() -> tuple[Case, ...]:
    """Each case builds a function `run(fn, *args)` that runs fn in that region."""
    return tuple(
        Case(
            "region",
            key,
            {"region": key, "hooks": key != "plain"},
            functools.partial(lambda runner: runner, runner),
            _describe_region,
            0 if key == "plain" else 1,
        )
        for key, runner in REGIONS.items()
    )
