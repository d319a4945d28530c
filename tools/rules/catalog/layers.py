"""The rules docs/layers.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import torch

from tools.rules.conditions import autograd_allows_write, writable
from tools.rules.core import Rule, check, failed, held, raised
from tools.rules.probes import comparable, same_storage, share_memory

BASIC_KINDS = ("int", "slice", "none", "ellipsis", "tuple")
INTEGER = ("int8", "int16", "int32", "int64", "uint16", "uint32", "uint64")


ACCEPTED = ("int64", "int32", "uint8", "bool")  # "long, int, byte or bool tensors"


def _is_advanced(case) -> bool:
    if _is_basic(case):
        return False
    return case["kind"] not in ("tensor", "zero_d") or case["dtype"] in ACCEPTED


def _source():
    return torch.arange(12.0).reshape(3, 4).clone()


def _is_basic(case) -> bool:
    """What the page calls basic indexing: ints, slices, None, Ellipsis (alone or in a tuple),
    and a 0-d integer tensor (not uint8, which is a mask)."""
    if case["kind"] in BASIC_KINDS:
        return True
    return case["kind"] == "zero_d" and case["dtype"] in INTEGER


def indexing_view(case):
    source = _source()
    result = source[case.build()]
    return check(
        result._base is source and same_storage(result, source),
        "is_view",
        "is_copy",
    )


def indexing_copy(case):
    source = _source()
    result = source[case.build()]
    return check(
        result._base is None and not share_memory(result, source),
        "is_copy",
        "is_view",
    )


def index_dtype_refused(case):
    source = _source()
    try:
        source[case.build()]
    except IndexError as error:
        return raised(error, held_=True)
    return failed("index_accepted")


def view_never_copies(case):
    source = case.build()
    try:
        flat = source.view(-1)
    except RuntimeError as error:
        return raised(error, held_=True)
    return check(same_storage(flat, source), "view_shares", "view_copied")


def transpose_contiguity(case):
    source = case.build()
    rows, cols = source.shape[-2:]
    expected = rows == 1 or cols == 1 or source.numel() == 0
    return check(
        source.transpose(-1, -2).is_contiguous() == expected,
        "contiguity_as_said",
        "contiguity_otherwise",
    )


def contiguous_is_self(case):
    source = case.build()
    return check(source.contiguous() is source, "returned_itself", "returned_other")


def expand_write_raises(case):
    grid = case.build()
    try:
        grid.add_(1)
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("write_passed")


def expand_fill_passes(case):
    grid = case.build()
    grid.zero_()
    return check(bool((comparable(grid) == 0).all()), "write_passed", "write_refused")


def pointer_tells_sharing(case):
    source = case.build()
    made = [source.detach(), source.reshape(-1), source.contiguous(), source.clone()]
    for other in made:
        same_pointer = source.untyped_storage().data_ptr() == other.untyped_storage().data_ptr()
        if same_pointer != share_memory(source, other):
            return check(False, "pointer_agrees", "pointer_disagrees")
    return held("pointer_agrees")


def _dense(case) -> bool:
    return not case["sparse"]


RULES = [
    Rule(
        id="basic-indexing-is-a-view",
        pages=("layers",),
        over=("index",),
        inside=_is_basic,
        predicate=indexing_view,
    ),
    Rule(
        id="advanced-indexing-copies",
        pages=("layers",),
        over=("index",),
        inside=_is_advanced,
        predicate=indexing_copy,
    ),
    Rule(
        id="index-tensor-dtypes",
        pages=("layers",),
        over=("index",),
        inside=lambda case: (
            case["kind"] == "tensor"
            and case["dtype"] not in ACCEPTED
            and not case["dtype"].startswith(("qint", "quint"))
        ),
        predicate=index_dtype_refused,
        applies=lambda case: case["kind"] in ("tensor", "zero_d"),
    ),
    Rule(
        id="view-never-copies",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=view_never_copies,
    ),
    Rule(
        id="transpose-contiguous-only-with-size-one",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: case["layout"] == "contiguous",
        predicate=transpose_contiguity,
        applies=lambda case: _dense(case) and case["shape"] not in ("scalar", "d1"),
    ),
    Rule(
        id="contiguous-returns-itself",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: (
            case["layout"] in ("contiguous", "row_unbind", "custom_view") and not case["sparse"]
        ),
        predicate=contiguous_is_self,
        applies=_dense,
    ),
    Rule(
        id="expand-write-raises",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: case["layout"] == "expanded" and case["shape"] != "empty",
        predicate=expand_write_raises,
        applies=lambda case: (
            case["layout"] in ("expanded", "overlapping")
            and case["arithmetic"]
            and case["dtype"] != "bool"
            and not case["requires_grad"]
            and not case["inference"]
        ),
    ),
    Rule(
        id="expand-fill-passes",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: case["dtype"] != "float8_e8m0fnu",
        predicate=expand_fill_passes,
        applies=lambda case: (
            case["layout"] == "expanded"
            and not case["requires_grad"]
            and not case["inference"]
            and not case["quantized"]
        ),
    ),
    Rule(
        id="storage-pointer-tells-sharing",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: case["shape"] != "empty",
        predicate=pointer_tells_sharing,
        applies=lambda case: _dense(case) and case["core"],
    ),
]


def repeat_copies(case):
    source = case.build()
    tiled = source.repeat(*([2] + [1] * (source.dim() - 1))) if source.dim() else source.repeat(2)
    return check(not share_memory(tiled, source) or source.numel() == 0, "is_copy", "is_view")


def flatten_1d_is_itself(case):
    source = case.build()
    return check(source.flatten() is source, "returned_itself", "returned_other")


RULES += [
    Rule(
        id="repeat-copies",
        pages=("layers",),
        over=("tensor",),
        inside=_dense,
        predicate=repeat_copies,
    ),
    Rule(
        id="flatten-of-1d-returns-itself",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: case["shape"] == "d1" and not case["sparse"],
        predicate=flatten_1d_is_itself,
        applies=lambda case: case["core"],
    ),
]


def view_write_reaches_base(case):
    base = case.build()
    view = base.view(base.shape)
    view.zero_()
    return check(
        view._base is not None and bool((comparable(base) == 0).all()),
        "write_reached_base",
        "write_missed_base",
    )


def transpose_moves_nothing(case):
    source = case.build()
    swapped = source.transpose(-1, -2)
    strides = list(source.stride())
    strides[-1], strides[-2] = strides[-2], strides[-1]
    return check(
        same_storage(swapped, source) and list(swapped.stride()) == strides,
        "strides_swapped",
        "data_moved",
    )


def expand_stride_zero(case):
    source = case.build()
    grown = source.unsqueeze(0).expand(3, *source.shape)
    return check(
        grown.stride(0) == 0 and same_storage(grown, source), "stride_zero_view", "expand_copied"
    )


RULES += [
    Rule(
        id="view-write-reaches-base",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: writable(case) and autograd_allows_write(case),
        predicate=view_write_reaches_base,
        applies=lambda case: not case["sparse"] and case["core"],
    ),
    Rule(
        id="transpose-moves-no-data",
        pages=("layers",),
        over=("tensor",),
        inside=_dense,
        predicate=transpose_moves_nothing,
        applies=lambda case: case["shape"] not in ("scalar", "d1"),
    ),
    Rule(
        id="expand-is-a-stride-zero-view",
        pages=("layers",),
        over=("tensor",),
        inside=_dense,
        predicate=expand_stride_zero,
    ),
]


def contiguous_copies(case):
    source = case.build()
    made = source.contiguous()
    return check(made.is_contiguous() and not share_memory(made, source), "is_copy", "is_view")


def reshape_of_contiguous_is_view(case):
    source = case.build()
    return check(same_storage(source.reshape(-1), source), "is_view", "is_copy")


RULES += [
    Rule(
        id="contiguous-copies-a-non-contiguous-tensor",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: (
            case["layout"] in ("transposed", "stepped", "expanded", "overlapping")
            and case["shape"] not in ("empty", "ones")
        ),
        predicate=contiguous_copies,
        applies=lambda case: _dense(case) and case["layout"] != "contiguous",
    ),
    Rule(
        id="reshape-of-contiguous-is-a-view",
        pages=("layers",),
        over=("tensor",),
        inside=lambda case: case["layout"] in ("contiguous", "row_unbind", "custom_view"),
        predicate=reshape_of_contiguous_is_view,
        applies=_dense,
    ),
]


def shape_operations_are_views(case):
    source = case.build()
    order = list(range(source.dim()))[::-1]
    made = [
        source.view(source.shape),
        source.permute(order),
        source.expand(source.shape),
        source.unsqueeze(0),
    ]
    if source.dim() >= 2:
        made.append(source.transpose(0, 1))
    return check(all(same_storage(m, source) for m in made), "is_view", "is_copy")


RULES.append(
    Rule(
        id="shape-operations-return-views",
        pages=("layers",),
        over=("tensor",),
        inside=_dense,
        predicate=shape_operations_are_views,
    )
)
