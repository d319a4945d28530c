"""The rules docs/training.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import copy

import torch

from tools.rules.core import Rule, check
from tools.rules.probes import grad_fn_name, real_loss


def running_total_keeps_graph(case):
    x, mode = case.build()
    with mode:
        total = 0
        for _ in range(2):
            total = total + real_loss(x * 2)
    return check(
        isinstance(total, torch.Tensor) and total.grad_fn is not None,
        "total_keeps_graph",
        "total_plain",
        grad_fn=grad_fn_name(total) if isinstance(total, torch.Tensor) else "None",
    )


def no_grad_records_nothing(case):
    x, mode = case.build()
    with mode:
        y = x * 2
    return check(not y.requires_grad and y.grad_fn is None, "recorded_nothing", "recorded_graph")


def create_graph_differentiable(case):
    x = case.build()
    leaf = x if x.is_leaf else x.detach().requires_grad_()
    (first,) = torch.autograd.grad(real_loss(leaf.sigmoid()), leaf, create_graph=True)
    (plain,) = torch.autograd.grad(real_loss(leaf.sigmoid()), leaf)
    return check(
        first.requires_grad and first.grad_fn is not None and not plain.requires_grad,
        "gradient_differentiable",
        "gradient_not_differentiable",
    )


def checkpoint_same_gradients(case):
    x, runner = case.build()
    leaf = x.detach().clone().requires_grad_()
    reference = leaf.detach().clone().requires_grad_()
    real_loss(runner(lambda t: t.sigmoid() * t, leaf)).backward()
    real_loss(reference.sigmoid() * reference).backward()
    return check(torch.allclose(leaf.grad, reference.grad), "same_gradients", "other_gradients")


def teacher_frozen_alone(case):
    model = case.build()
    teacher = copy.deepcopy(model).requires_grad_(False)
    trained = [p.requires_grad for p in model.parameters()]
    frozen = [p.requires_grad for p in teacher.parameters()]
    before = [p.requires_grad for p in case.build().parameters()]
    return check(
        not any(frozen) and trained == before, "teacher_frozen", "teacher_or_model_changed"
    )


def _floating_grad(case) -> bool:
    return case["floating"] and case["arithmetic"] and not case["sparse"] and case["core"]


RULES = [
    Rule(
        id="running-loss-total-keeps-graph",
        pages=("training",),
        over=("tensor", "mode"),
        inside=lambda case: case["requires_grad"] and case["grad_on"],
        predicate=running_total_keeps_graph,
        applies=_floating_grad,
    ),
    Rule(
        id="no-grad-results-record-nothing",
        pages=("training",),
        over=("tensor", "mode"),
        inside=lambda case: not case["grad_on"],
        predicate=no_grad_records_nothing,
        applies=lambda case: _floating_grad(case) and case["requires_grad"],
    ),
    Rule(
        id="create-graph-gradient-is-differentiable",
        pages=("training",),
        over=("tensor",),
        inside=lambda case: case["layout"] != "nograd_view",
        predicate=create_graph_differentiable,
        applies=lambda case: _floating_grad(case) and case["requires_grad"],
    ),
    Rule(
        id="checkpoint-gives-the-same-gradients",
        pages=("training",),
        over=("tensor", "region"),
        inside=lambda case: True,
        predicate=checkpoint_same_gradients,
        applies=lambda case: (
            _floating_grad(case) and case["layout"] == "contiguous" and case["state"] == "plain"
        ),
    ),
    Rule(
        id="deepcopy-requires-grad-false-freezes-the-copy",
        pages=("training",),
        over=("module",),
        inside=lambda case: case["kind"] != "meta",
        predicate=teacher_frozen_alone,
    ),
]
