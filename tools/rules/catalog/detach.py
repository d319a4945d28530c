"""The rules docs/detach.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

from tools.rules.core import Rule, check
from tools.rules.probes import grad_fn_name, share_memory


def shares_without_graph(case):
    source, mode = case.build()
    with mode:
        view = source.detach()
    return check(
        (share_memory(view, source) or source.numel() == 0)
        and not view.requires_grad
        and view.grad_fn is None,
        "shares_no_graph",
        "detach_differs",
        grad_fn=grad_fn_name(view),
    )


RULES = [
    Rule(
        id="detach-shares-memory-no-graph",
        pages=("detach", "combinations"),
        over=("tensor", "mode"),
        inside=lambda case: True,
        predicate=shares_without_graph,
        applies=lambda case: case["core"],
    ),
]
