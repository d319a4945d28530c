"""The rules docs/in-place.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import warnings

import torch

from tools.rules.conditions import writable
from tools.rules.core import Rule, check, failed, raised
from tools.rules.probes import grad_fn_name, real_loss


def _refuses(case) -> bool:
    """The tensor requires grad and is a leaf or a view of one, or a view of a kind autograd
    forbids writing into (made under no_grad, one output of several, a custom Function's)."""
    special = case["layout"] in ("row_unbind", "custom_view", "nograd_view")
    requires = case["state"] in ("leaf_grad", "nonleaf", "saved")
    return requires and (case["leaf"] or case["state"] == "leaf_grad" or special)


def _one(t):
    return torch.ones((), dtype=t.dtype)


def keeps_storage_bumps_version(case):
    t = case.build()
    storage, shape, dtype, version = t.untyped_storage()._cdata, t.shape, t.dtype, t._version
    returned = t.add_(_one(t))
    return check(
        returned is t
        and t.untyped_storage()._cdata == storage
        and t.shape == shape
        and t.dtype == dtype
        and t._version == version + 1,
        "kept_and_counted",
        "changed_or_uncounted",
    )


def leaf_refuses(case):
    t, mode = case.build()
    try:
        with mode:
            t.add_(_one(t))
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("write_passed")


def no_grad_write_keeps_leaf(case):
    t, mode = case.build()
    with mode:
        t.sub_(_one(t))
    return check(
        t.is_leaf and t.requires_grad and t.grad_fn is None,
        "still_leaf",
        "no_longer_leaf",
        grad_fn=grad_fn_name(t),
    )


def copy_keeps_dtype(case):
    dst = case.build()
    source = torch.full(dst.shape, 2.5, dtype=torch.float64)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dst.copy_(source)
    return check(
        dst.dtype == case.build().dtype and not caught,
        "dtype_kept_silently",
        "dtype_changed_or_warned",
    )


def detached_source_records_nothing(case):
    source, mode = case.build()
    dst = torch.zeros(source.shape, dtype=source.dtype)
    with mode:
        dst.copy_(source.detach())
    return check(
        not dst.requires_grad and dst.grad_fn is None, "recorded_nothing", "recorded_graph"
    )


def saved_write_caught(case):
    x, runner = case.build()
    out = runner(lambda t: t.sigmoid(), x)  # sigmoid saves its output
    out.add_(1)
    try:
        real_loss(out).backward()
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("backward_passed")


def inference_has_no_version(case):
    t = case.build()
    try:
        version = t._version
    except RuntimeError as error:
        return raised(error, held_=case["inference"])
    return check(not case["inference"] and version >= 0, "has_version", "has_version")


def ordinary_nonleaf_accepts(case):
    t = case.build()
    t.add_(_one(t))
    return check(t.grad_fn is not None, "write_recorded", "no_grad_fn", grad_fn=grad_fn_name(t))


def special_views_refuse(case):
    t = case.build()
    try:
        t.add_(_one(t))
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("write_passed")


def shape_only_write_counts(case):
    t = case.build()
    before = t._version
    t.unsqueeze_(0)
    return check(t._version == before + 1, "counted", "not_counted")


RULES = [
    Rule(
        id="inplace-keeps-storage-bumps-version",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: writable(case) and not _refuses(case) and not case["inference"],
        predicate=keeps_storage_bumps_version,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="leaf-requiring-grad-refuses-inplace",
        pages=("in-place",),
        over=("tensor", "mode"),
        inside=lambda case: case["state"] == "leaf_grad" and case["grad_on"],
        predicate=leaf_refuses,
        applies=lambda case: case["core"] and case["state"] == "leaf_grad" and writable(case),
    ),
    Rule(
        id="no-grad-write-keeps-leaf",
        pages=("in-place",),
        over=("tensor", "mode"),
        inside=lambda case: case["mode"] in ("no_grad", "grad_disabled") and not case["is_view"],
        predicate=no_grad_write_keeps_leaf,
        applies=lambda case: (
            case["core"] and case["state"] == "leaf_grad" and case["leaf"] and writable(case)
        ),
    ),
    Rule(
        id="copy-keeps-destination-dtype",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: writable(case) and not _refuses(case) and not case["inference"],
        predicate=copy_keeps_dtype,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="copy-of-detached-records-nothing",
        pages=("in-place",),
        over=("tensor", "mode"),
        inside=lambda case: True,
        predicate=detached_source_records_nothing,
        applies=lambda case: case["core"] and case["arithmetic"] and not case["sparse"],
    ),
    Rule(
        id="saved-tensor-write-caught-at-backward",
        pages=("in-place", "detach"),
        over=("tensor", "region"),
        inside=lambda case: case["region"] == "plain",
        predicate=saved_write_caught,
        applies=lambda case: (
            case["core"] and case["requires_grad"] and case["arithmetic"] and not case["sparse"]
        ),
    ),
    Rule(
        id="inference-tensor-has-no-version",
        pages=("in-place", "detach"),
        over=("tensor",),
        inside=lambda case: True,
        predicate=inference_has_no_version,
        applies=lambda case: case["core"],
    ),
    Rule(
        id="ordinary-nonleaf-accepts-inplace",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: (
            case["layout"] in ("contiguous", "transposed", "stepped", "offset")
            and case["state"] == "nonleaf"
        ),
        predicate=ordinary_nonleaf_accepts,
        applies=lambda case: case["state"] in ("nonleaf", "saved") and writable(case),
    ),
    Rule(
        id="special-views-refuse-inplace",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: (
            case["layout"] in ("row_unbind", "custom_view", "nograd_view")
            and case["state"] in ("leaf_grad", "nonleaf", "saved")
        ),
        predicate=special_views_refuse,
        applies=lambda case: (
            case["layout"] in ("row_unbind", "custom_view", "nograd_view")
            and writable(case)
            and case["floating"]
        ),
    ),
    Rule(
        id="shape-only-inplace-counts",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: not case["inference"] and not case["sparse"] and not _refuses(case),
        predicate=shape_only_write_counts,
        applies=lambda case: case["core"],
    ),
]


def larger_source_refused(case):
    dst = case.build()
    source = torch.zeros(dst.numel() + 1, dtype=dst.dtype)
    try:
        dst.copy_(source)
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("write_passed")


def logical_inplace_allowed(case):
    leaf, mode = case.build()
    with mode:
        leaf.logical_not_()
    return check(leaf.is_leaf, "write_passed", "write_refused")


RULES += [
    Rule(
        id="copy-larger-source-refused",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: writable(case) and not _refuses(case) and case["shape"] != "empty",
        predicate=larger_source_refused,
        applies=lambda case: not case["sparse"] and case["core"],
    ),
    Rule(
        id="logical-inplace-allowed-on-leaf",
        pages=("in-place",),
        over=("tensor", "mode"),
        inside=lambda case: True,
        predicate=logical_inplace_allowed,
        applies=lambda case: (
            case["core"]
            and case["state"] == "leaf_grad"
            and case["layout"] == "contiguous"
            and case["arithmetic"]
        ),
    ),
]


def copy_keeps_storage(case):
    dst = case.build()
    storage = dst.untyped_storage()._cdata
    dst.copy_(torch.ones(dst.shape, dtype=dst.dtype))
    return check(dst.untyped_storage()._cdata == storage, "kept_storage", "new_storage")


def copy_from_grad_source(case):
    source, mode = case.build()
    dst = torch.zeros(source.shape, dtype=source.dtype)
    with mode:
        dst.copy_(source)
    return check(
        dst.requires_grad and grad_fn_name(dst).startswith("CopyBackwards"),
        "write_recorded",
        "no_grad_fn",
        grad_fn=grad_fn_name(dst),
    )


RULES += [
    Rule(
        id="copy-into-buffer-needs-no-new-memory",
        pages=("in-place",),
        over=("tensor",),
        inside=lambda case: writable(case) and not _refuses(case),
        predicate=copy_keeps_storage,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="copy-from-grad-source-is-recorded",
        pages=("in-place",),
        over=("tensor", "mode"),
        inside=lambda case: case["requires_grad"] and case["grad_on"] and not case["sparse"],
        predicate=copy_from_grad_source,
        applies=lambda case: case["core"] and case["floating"] and case["arithmetic"],
    ),
]


def inference_write_refused(case):
    t, mode = case.build()
    try:
        with mode:
            t.add_(_one(t))
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("write_passed")


def inference_cannot_be_saved(case):
    t = case.build()
    weight = torch.ones(t.shape, dtype=t.dtype, requires_grad=True)
    try:
        real_loss(weight * t).backward()
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("autograd_accepted")


RULES += [
    Rule(
        id="inference-tensor-refuses-writes-outside-inference-mode",
        pages=("in-place",),
        over=("tensor", "mode"),
        inside=lambda case: case["mode"] != "inference_mode",
        predicate=inference_write_refused,
        applies=lambda case: (
            case["state"] == "inference"
            and case["core"]
            and case["arithmetic"]
            and not case["sparse"]
            and case["layout"] not in ("expanded", "overlapping")
        ),
    ),
    Rule(
        id="inference-tensor-cannot-be-saved-for-backward",
        pages=("in-place", "training"),
        over=("tensor",),
        inside=lambda case: case["state"] == "inference",
        predicate=inference_cannot_be_saved,
        applies=lambda case: (
            case["core"]
            and case["floating"]
            and case["arithmetic"]
            and not case["sparse"]
            and case["state"] in ("inference", "plain")
        ),
    ),
]
