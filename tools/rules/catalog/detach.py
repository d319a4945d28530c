"""The rules docs/detach.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import torch

from tools.rules.core import Rule, check, failed, raised
from tools.rules.probes import grad_fn_name, real_loss, same_storage, share_memory


def shares_without_graph(case):
    source, mode = case.build()
    with mode:
        view = source.detach()
    return check(
        (share_memory(view, source) or source.numel() == 0)
        and view.is_leaf
        and not view.requires_grad
        and view.grad_fn is None,
        "shares_no_graph",
        "detach_differs",
        grad_fn=grad_fn_name(view),
    )


def shares_version_counter(case):
    source = case.build()
    detached = source.detach()
    before = source._version
    detached.zero_()
    return check(
        source._version == before + 1 and detached._version == source._version,
        "counter_shared",
        "counter_not_shared",
        source=source._version - before,
    )


def requires_grad_floating_only(case):
    leaf = case.build().detach()
    floating = leaf.is_floating_point() or leaf.is_complex()
    try:
        leaf.requires_grad_()
    except RuntimeError as error:
        return check(not floating, "refused_not_floating", "refused_floating", error=str(error))
    return check(floating, "switched_on", "switched_on_not_floating")


def _through(case, build):
    source = case.build()
    x = source if source.is_leaf else source.detach().requires_grad_()
    features = build(x)
    weight = torch.ones_like(features, requires_grad=True)
    real_loss(features * weight).backward()
    return x, weight


def detach_stops_gradients(case):
    x, weight = _through(case, lambda x: (x * 2).detach())
    return check(x.grad is None and weight.grad is not None, "gradient_stopped", "gradient_passed")


def input_leaf_shares(case):
    image = case.build()
    x = image.detach().requires_grad_()
    return check(
        x.is_leaf and x.requires_grad and same_storage(x, image),
        "leaf_shares_input",
        "leaf_does_not_share",
    )


def data_write_uncounted(case):
    source = case.build()
    before = source._version
    source.data.zero_()
    return check(source._version == before, "data_write_uncounted", "data_write_counted")


def _writable(case) -> bool:
    return not case["sparse"] and case["layout"] not in ("expanded", "overlapping")


RULES = [
    Rule(
        id="detach-shares-memory-no-graph",
        pages=("detach", "combinations"),
        over=("tensor", "mode"),
        inside=lambda case: True,
        predicate=shares_without_graph,
        applies=lambda case: case["core"],
    ),
    Rule(
        id="detach-shares-version-counter",
        pages=("detach",),
        over=("tensor",),
        inside=lambda case: _writable(case) and not case["inference"] and not case["quantized"],
        predicate=shares_version_counter,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="requires-grad-floating-only",
        pages=("detach",),
        over=("tensor",),
        inside=lambda case: not case["sparse"] and not case["inference"],
        predicate=requires_grad_floating_only,
    ),
    Rule(
        id="detach-stops-gradients",
        pages=("detach",),
        over=("tensor",),
        predicate=detach_stops_gradients,
        applies=lambda case: case["floating"] and case["core"] and not case["sparse"],
        inside=lambda case: case["arithmetic"],
    ),
    Rule(
        id="detach-requires-grad-shares-input",
        pages=("detach",),
        over=("tensor",),
        inside=lambda case: case["floating"] and not case["sparse"] and not case["inference"],
        predicate=input_leaf_shares,
        applies=lambda case: case["core"],
    ),
    Rule(
        id="data-write-escapes-version-counter",
        pages=("detach",),
        over=("tensor",),
        inside=lambda case: _writable(case) and not case["inference"] and not case["quantized"],
        predicate=data_write_uncounted,
        applies=lambda case: not case["sparse"],
    ),
]


def no_grad_view_requires_grad(case):
    source, mode = case.build()
    with mode:
        view = source[..., :1] if source.dim() else source.view(())
    return check(view.requires_grad, "view_requires_grad", "view_no_grad")


RULES.append(
    Rule(
        id="no-grad-view-keeps-requires-grad",
        pages=("detach",),
        over=("tensor", "mode"),
        inside=lambda case: case["mode"] in ("no_grad", "grad_disabled"),
        predicate=no_grad_view_requires_grad,
        applies=lambda case: case["core"] and case["requires_grad"] and not case["sparse"],
    )
)


def non_leaf_cannot_switch_off(case):
    t = case.build()
    try:
        t.requires_grad_(False)
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("switched_off")


RULES.append(
    Rule(
        id="non-leaf-refuses-requires-grad-false",
        pages=("detach",),
        over=("tensor",),
        inside=lambda case: case["requires_grad"] and not case["leaf"],
        predicate=non_leaf_cannot_switch_off,
        applies=lambda case: case["core"] and case["requires_grad"],
    )
)


def _write_after_save(case, through):
    x, runner = case.build()
    out = runner(lambda t: t.exp(), x)  # exp saves its output
    through(out).zero_()
    try:
        real_loss(out).backward()
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("backward_passed")


def write_through_detach_caught(case):
    return _write_after_save(case, lambda out: out.detach())


def write_through_data_passes(case):
    outcome = _write_after_save(case, lambda out: out.data)
    return check(not outcome.held, "backward_passed", "backward_caught")


def _saved_case(case) -> bool:
    return case["core"] and case["requires_grad"] and case["arithmetic"] and not case["sparse"]


RULES += [
    Rule(
        id="write-through-detach-caught-at-backward",
        pages=("detach",),
        over=("tensor", "region"),
        inside=lambda case: case["region"] == "plain",
        predicate=write_through_detach_caught,
        applies=_saved_case,
    ),
    Rule(
        id="write-through-data-passes-backward",
        pages=("detach",),
        over=("tensor", "region"),
        inside=lambda case: True,
        predicate=write_through_data_passes,
        applies=_saved_case,
    ),
]
