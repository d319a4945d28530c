"""The rules, one module per page (`clone.py` holds the rules docs/clone.md states), each with a
list `RULES`. A new page's module is found without being listed anywhere."""

from __future__ import annotations

import importlib
import pkgutil

from tools.rules.core import Rule


def rules() -> list[Rule]:
    found: list[Rule] = []
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        found += importlib.import_module(f"{__name__}.{module}").RULES
    ids = [rule.id for rule in found]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ValueError(f"rule ids used twice: {repeated}")
    return sorted(found, key=lambda rule: rule.id)
