"""The rules docs/clone.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import gc

import torch

from tools.rules.core import Rule, check, held
from tools.rules.probes import grad_fn_name, real_loss, same_values, share_memory


def _dense(case) -> bool:
    return not case["sparse"]


def new_storage(case):
    source = case.build()
    copy = source.clone()
    return check(
        not share_memory(copy, source) and same_values(copy, source),
        "own_storage_same_values",
        "shares_or_differs",
    )


def in_graph(case):
    source, mode = case.build()
    with mode:
        copy = source.clone()
    return check(
        copy.requires_grad and copy.grad_fn is not None,
        "records_grad_fn",
        "no_grad_fn",
        grad_fn=grad_fn_name(copy),
    )


def plain_leaf_under_no_grad(case):
    source, mode = case.build()
    with mode:
        copy = source.clone()
    return check(
        copy.is_leaf and not copy.requires_grad,
        "plain_leaf",
        "not_plain_leaf",
        grad_fn=grad_fn_name(copy),
    )


def _dense_layout(case) -> bool:
    """The source covers its memory densely: every element once, no gaps (as laid out by the
    case's layout, which the case's words name)."""
    return not case["quantized"] and case["layout"] in (
        "contiguous",
        "transposed",
        "channels_last",
        "conj",
        "row_unbind",
        "custom_view",
        "nograd_view",
    )


def keeps_strides(case):
    source = case.build()
    copy = source.clone()
    return check(
        copy.stride() == source.stride(),
        "same_strides",
        "other_strides",
        source=tuple(source.stride()),
        copy=tuple(copy.stride()),
    )


def contiguous_copy_views(case):
    source = case.build()
    copy = source.clone(memory_format=torch.contiguous_format)
    flat = copy.view(-1)
    return check(
        copy.is_contiguous() and not share_memory(copy, source) and flat.numel() == copy.numel(),
        "contiguous_own_views",
        "not_contiguous_or_shared",
        strides=tuple(copy.stride()),
    )


def inplace_into_clone_keeps_backward(case):
    source, runner = case.build()

    def forward(x):
        saved = x.exp()  # exp saves its result for backward
        copy = saved.clone()
        copy.add_(1)
        total = (saved * 1).sum() + copy.sum()
        return total.real if total.is_complex() else total

    runner(forward, source).backward()
    return held("backward_ran")


def _floating_dense_grad(case) -> bool:
    return case["floating"] and not case["sparse"] and case["requires_grad"]


RULES = [
    Rule(
        id="clone-new-storage",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=new_storage,
    ),
    Rule(
        id="clone-stays-in-graph",
        pages=("clone",),
        over=("tensor", "mode"),
        inside=lambda case: case["requires_grad"] and case["grad_on"],
        predicate=in_graph,
        applies=lambda case: case["floating"] and case["core"],
    ),
    Rule(
        id="clone-under-no-grad-is-plain-leaf",
        pages=("clone",),
        over=("tensor", "mode"),
        inside=lambda case: case["mode"] == "no_grad",
        predicate=plain_leaf_under_no_grad,
        applies=lambda case: case["floating"] and case["requires_grad"] and case["core"],
    ),
    Rule(
        id="clone-keeps-dense-strides",
        pages=("clone",),
        over=("tensor",),
        inside=_dense_layout,
        predicate=keeps_strides,
        applies=_dense,
    ),
    Rule(
        id="clone-contiguous-format-views",
        pages=("clone",),
        over=("tensor",),
        inside=_dense,
        predicate=contiguous_copy_views,
    ),
    Rule(
        id="clone-before-inplace-keeps-backward",
        pages=("clone",),
        over=("tensor", "region"),
        inside=lambda case: True,
        predicate=inplace_into_clone_keeps_backward,
        applies=lambda case: _floating_dense_grad(case) and case["core"],
    ),
]


def item_clone_frees_batch(case):
    batch = case.build()
    item = batch[0].clone()
    memory = batch.untyped_storage()._weak_ref()
    del batch
    gc.collect()
    freed = torch.UntypedStorage._expired(memory)
    return check(freed, "batch_freed", "batch_kept", grad_fn=grad_fn_name(item))


RULES.append(
    Rule(
        id="clone-item-lets-batch-go",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: not case["requires_grad"],
        predicate=item_clone_frees_batch,
        applies=lambda case: (
            case["core"] and not case["sparse"] and case["shape"] not in ("scalar", "empty")
        ),
    )
)


def clone_leaves_object_behind(case):
    source = case.build()
    real_loss(source * 1).backward()
    copy = source.clone()
    return check(
        type(copy) is torch.Tensor and not copy.is_leaf and copy._grad is None,
        "object_left_behind",
        "object_copied",
        grad_fn=grad_fn_name(copy),
    )


def clone_packs_dense(case):
    source = case.build()
    copy = source.clone()
    return check(
        copy.untyped_storage().nbytes() == copy.numel() * copy.element_size(),
        "packed_dense",
        "not_packed",
        nbytes=copy.untyped_storage().nbytes(),
    )


RULES += [
    Rule(
        id="clone-copies-values-not-the-object",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: case["leaf"] and case["requires_grad"],
        predicate=clone_leaves_object_behind,
        applies=lambda case: (
            case["core"] and case["requires_grad"] and case["arithmetic"] and not case["sparse"]
        ),
    ),
    Rule(
        id="clone-allocates-numel-bytes",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: not case["sparse"] and not case["quantized"],
        predicate=clone_packs_dense,
        applies=lambda case: not case["sparse"],
    ),
]


def clone_contiguous(case):
    copy = case.build().clone()
    return check(
        copy.is_contiguous(),
        "contiguous_own_views",
        "not_contiguous_or_shared",
        strides=tuple(copy.stride()),
    )


RULES.append(
    Rule(
        id="clone-of-row-major-non-dense-is-contiguous",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: case["layout"] in ("stepped", "offset", "expanded"),
        predicate=clone_contiguous,
        applies=lambda case: (
            not case["sparse"]
            and not case["quantized"]
            and case["layout"] in ("stepped", "offset", "expanded", "overlapping", "transposed")
        ),
    )
)
