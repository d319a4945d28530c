"""The boundary space: the inputs on which PyTorch's behaviour can differ, each able to say what
it is in words (text/<language>/space.yml).

    from tools import space
    space.cases("tensor")            # every tensor case (dtypes, shapes, layouts, states)
    space.cases("tensor", "mode")    # each tensor under each grad mode (Combined cases)

Dimensions: tensor (tensors.py), mode and region (autograd.py), index (indices.py), process
(processes.py), and module (modules.py) where that file exists.
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
    "module": ("tools.space.modules", "cases"),
}


def dimensions() -> list[str]:
    """The dimensions this checkout has (module kinds come with tools/space/modules.py)."""
    return [
        name
        for name, (module, _) in _DIMENSIONS.items()
        if importlib.util.find_spec(module) is not None
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
