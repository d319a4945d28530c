"""The boundary space: the inputs on which PyTorch's behaviour can differ, each able to say what
it is in words (text/<language>/space.yml).

    from tools import space
    space.cases("tensor")            # every tensor case (dtypes, shapes, layouts, states)
    space.cases("tensor", "mode")    # each tensor under each grad mode (Combined cases)

Dimensions: tensor (tensors.py), mode and region (autograd.py), index (indices.py), process
(processes.py), optimizer (optimizers.py), and module (modules.py) where that file exists.
"""

from __future__ import annotations

import importlib
import importlib.util

from tools.space.core import Case, Combined, combine

_DIMENSIONS = {
    "tensor": ("tools.space.tensors", "cases"),
    "mode": ("tools.space.autograd", "modes"),
    "region": ("tools.space.autograd", "regions"),
    "index": ("tools.space.indices", "cases"),
    "process": ("tools.space.processes", "cases"),
    "conversion": ("tools.space.conversions", "cases"),
    "optimizer": ("tools.space.optimizers", "cases"),
    "module": ("tools.space", "_module_cases"),
    # The module atlas's measured rows (call x module kind), read from its JSON.
    "module-call": ("tools.space.module_calls", "cases"),
}


def dimensions() -> list[str]:
    """The dimensions this checkout has (module kinds come with tools/space/modules.py)."""
    return [
        name
        for name, (module, _) in _DIMENSIONS.items()
        if importlib.util.find_spec("tools.space.modules" if name == "module" else module)
    ]


def _describe_module(case: Case, language: str) -> str:
    from tools.space.modules import KINDS

    return KINDS[case.key].describe(language)


def _module_cases() -> list[Case]:
    """The module kinds of tools/space/modules.py (helper "modatlas"'s) as cases: each builds a
    fresh module. The heavy kinds (compiled, wrapped in DistributedDataParallel) are left out:
    compiling or starting a process group takes seconds per case."""
    from tools.space.modules import KINDS

    return [
        Case(
            "module",
            name,
            {"kind": name},
            kind.build,
            _describe_module,
            0 if name == "plain" else 1,
        )
        for name, kind in KINDS.items()
        if not kind.heavy
    ]


def _one(dimension: str) -> tuple[Case, ...]:
    module, function = _DIMENSIONS[dimension]
    return tuple(getattr(importlib.import_module(module), function)())


def cases(*dimensions: str) -> list:
    """The cases of one dimension, or of several taken together (each with each)."""
    if len(dimensions) == 1:
        return list(_one(dimensions[0]))
    return combine(*(_one(d) for d in dimensions))


__all__ = ["Case", "Combined", "cases", "dimensions"]
