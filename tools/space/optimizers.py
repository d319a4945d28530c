"""Optimizers at the boundaries: every optimizer class `torch.optim` has. A case builds the class
(a predicate makes the optimizer over parameters of its own); `Muon` takes 2-D parameters only,
so the parameters a predicate passes are 2-D.
"""

from __future__ import annotations

import functools
import inspect

import torch

from tools.space.core import Case, words


def _classes() -> dict[str, type]:
    found = {
        name: value
        for name, value in vars(torch.optim).items()
        if inspect.isclass(value)
        and issubclass(value, torch.optim.Optimizer)
        and value is not torch.optim.Optimizer
    }
    return dict(sorted(found.items()))


def describe(case: Case, language: str) -> str:
    return words(language)("optimizer", name=case["optimizer"])


@functools.cache
def cases() -> tuple[Case, ...]:
    return tuple(
        Case(
            "optimizer",
            name,
            {"optimizer": name},
            functools.partial(lambda c: c, cls),
            describe,
            0 if name == "SGD" else 1,
        )
        for name, cls in _classes().items()
    )
