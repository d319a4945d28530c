"""The rules docs/devices.md states that a CPU can check (statements and conditions:
text/<language>/rules.yml). Transfers to and from a GPU are not run here."""

from __future__ import annotations

import torch

from tools.rules.core import Rule, check
from tools.rules.probes import same_values, share_memory


def to_where_it_is(case):
    x = case.build()
    return check(
        x.to("cpu") is x and x.to(x.dtype) is x and x.to("cpu", x.dtype) is x,
        "returned_itself",
        "returned_other",
    )


def to_copy_true(case):
    x = case.build()
    made = x.to("cpu", copy=True)
    return check(
        made is not x and not share_memory(made, x) and same_values(made, x),
        "own_storage_same_values",
        "shares_or_differs",
    )


def to_other_follows(case):
    x = case.build()
    other = torch.zeros(2, dtype=torch.float64)
    made = x.to(other)
    return check(
        made.dtype == other.dtype and made.device == other.device,
        "follows_other",
        "does_not_follow",
    )


RULES = [
    Rule(
        id="to-where-it-is-returns-itself",
        pages=("devices",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=to_where_it_is,
    ),
    Rule(
        id="to-copy-true-copies",
        pages=("devices",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=to_copy_true,
    ),
    Rule(
        id="to-other-follows-dtype-and-device",
        pages=("devices",),
        over=("tensor",),
        inside=lambda case: not case["quantized"],
        predicate=to_other_follows,
    ),
]


def memory_format_returns_itself(case):
    x = case.build()
    return check(
        x.to(memory_format=torch.contiguous_format) is x, "returned_itself", "returned_other"
    )


RULES.append(
    Rule(
        id="to-memory-format-it-has-returns-itself",
        pages=("devices",),
        over=("tensor",),
        inside=lambda case: (
            case["layout"] in ("contiguous", "row_unbind", "custom_view") and not case["sparse"]
        ),
        predicate=memory_format_returns_itself,
        applies=lambda case: not case["sparse"],
    )
)
