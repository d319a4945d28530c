"""The rules docs/combinations.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import torch

from tools.rules.core import Rule, check
from tools.rules.probes import grad_fn_name, same_values, share_memory


def detach_clone(case):
    source, mode = case.build()
    with mode:
        copy = source.detach().clone()
    return check(
        not copy.requires_grad
        and copy.grad_fn is None
        and not share_memory(copy, source)
        and same_values(copy, source),
        "own_values_no_graph",
        "graph_or_shared",
        grad_fn=grad_fn_name(copy),
    )


RULES = [
    Rule(
        id="detach-clone-own-values-no-graph",
        pages=("combinations", "clone", "detach"),
        over=("tensor", "mode"),
        inside=lambda case: not case["sparse"],
        predicate=detach_clone,
        applies=lambda case: case["core"],
    ),
]


def new_leaf(case):
    source = case.build()
    leaf = source.detach().clone().requires_grad_()
    return check(
        leaf.is_leaf and leaf.requires_grad and not share_memory(leaf, source),
        "new_leaf",
        "not_new_leaf",
        grad_fn=grad_fn_name(leaf),
    )


def same_either_order(case):
    source, mode = case.build()
    with mode:
        first = source.clone().detach()
        second = source.detach().clone()
    same = (
        first.requires_grad == second.requires_grad
        and first.is_leaf == second.is_leaf
        and first.dtype == second.dtype
        and first.layout == second.layout
        and (first.layout != torch.strided or first.stride() == second.stride())
        and same_values(first, second)
        and share_memory(first, source) == share_memory(second, source)
    )
    return check(same, "same_either_order", "differs_by_order")


RULES += [
    Rule(
        id="detach-clone-requires-grad-is-new-leaf",
        pages=("combinations",),
        over=("tensor",),
        inside=lambda case: case["floating"] and not case["sparse"],
        predicate=new_leaf,
    ),
    Rule(
        id="clone-detach-same-as-detach-clone",
        pages=("combinations",),
        over=("tensor", "mode"),
        inside=lambda case: True,
        predicate=same_either_order,
        applies=lambda case: case["core"],
    ),
]
