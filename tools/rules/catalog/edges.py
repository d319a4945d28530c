"""The rules docs/edges.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import copy
import warnings

import numpy as np
import torch

from tools.rules.core import Rule, check, failed, raised
from tools.rules.probes import real_loss, same_storage, same_values, share_memory

# Dtypes NumPy has a type for (tensor.numpy() refuses the others).
NUMPY_DTYPES = (
    "bool",
    "uint8",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
# copy.copy raises AttributeError on these (and on float8).
NOT_COPYABLE = ("complex32", "uint16", "uint32", "uint64")


def _bridgeable(case) -> bool:
    """What the page means by a tensor NumPy can share: strided, of a NumPy dtype, not requiring
    grad, no conj or neg bit pending."""
    return (
        not case["sparse"]
        and case["dtype"] in NUMPY_DTYPES
        and not case["requires_grad"]
        and case["layout"] not in ("conj", "neg")
    )


def tensor_always_copies(case):
    source = case.build()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        made = torch.tensor(source)
    return check(
        not share_memory(made, source) and same_values(made, source) and not made.requires_grad,
        "copied_out_of_graph",
        "not_copied",
    )


def as_tensor_same_object(case):
    source = case.build()
    return check(torch.as_tensor(source) is source, "returned_itself", "returned_other")


def as_tensor_other_dtype_copies(case):
    source = case.build()
    other = torch.float64 if source.dtype != torch.float64 else torch.float32
    made = torch.as_tensor(source, dtype=other)
    return check(not share_memory(made, source), "is_copy", "is_view")


def numpy_round_trip_shares(case):
    source = case.build()
    array = source.numpy()
    back = torch.from_numpy(array)
    copied = torch.tensor(array)
    return check(
        np.shares_memory(array, source.numpy())
        and share_memory(back, source)
        and not share_memory(copied, source),
        "numpy_shares",
        "numpy_copies",
    )


def detach_cpu_numpy_shares(case):
    source = case.build()
    array = source.detach().cpu().numpy()
    return check(share_memory(torch.from_numpy(array), source), "array_shares", "array_copied")


def item_tolist_numbers(case):
    source = case.build()
    one = source.reshape(-1)[:1]
    number = one.item()
    listed = source.tolist()
    flat = listed
    while isinstance(flat, list) and flat:
        flat = flat[0]
    python = (bool, int, float, complex)
    return check(
        type(number) in python and (listed == [] or type(flat) in python),
        "python_numbers",
        "not_python_numbers",
        kind=type(number).__name__,
    )


def copy_copy_shares(case):
    source = case.build()
    shallow = copy.copy(source)
    return check(
        shallow is not source and (same_storage(shallow, source)),
        "new_object_same_storage",
        "copy_copy_other",
    )


def deepcopy_keeps_sharing(case):
    view = case.build()
    base = view._base
    copied_base, copied_view = copy.deepcopy([base, view])
    return check(
        same_storage(copied_base, copied_view) and not share_memory(copied_view, view),
        "sharing_kept",
        "sharing_lost",
    )


def share_memory_in_place(case):
    t = case.build()
    returned = t.share_memory_()
    return check(returned is t and t.is_shared(), "moved_to_shared", "not_moved")


RULES = [
    Rule(
        id="torch-tensor-always-copies",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=tensor_always_copies,
    ),
    Rule(
        id="as-tensor-returns-same-tensor",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=as_tensor_same_object,
    ),
    Rule(
        id="as-tensor-other-dtype-copies",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: not case["sparse"] and not case["quantized"],
        predicate=as_tensor_other_dtype_copies,
    ),
    Rule(
        id="numpy-bridge-shares",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: _bridgeable(case) and case["shape"] != "empty",
        predicate=numpy_round_trip_shares,
    ),
    Rule(
        id="detach-cpu-numpy-shares",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: (
            not case["sparse"]
            and case["dtype"] in NUMPY_DTYPES
            and case["layout"] not in ("conj", "neg")
            and case["shape"] != "empty"
        ),
        predicate=detach_cpu_numpy_shares,
    ),
    Rule(
        id="item-tolist-python-numbers",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: (
            not case["sparse"] and case["shape"] != "empty" and not case["quantized"]
        ),
        predicate=item_tolist_numbers,
    ),
    Rule(
        id="copy-copy-shares-storage",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: (
            not case["sparse"]
            and case["dtype"] not in NOT_COPYABLE
            and not case["dtype"].startswith("float8")
        ),
        predicate=copy_copy_shares,
    ),
    Rule(
        id="deepcopy-keeps-sharing-in-one-call",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: (
            case["layout"] not in ("conj", "neg") and case["state"] not in ("nonleaf", "saved")
        ),
        predicate=deepcopy_keeps_sharing,
        applies=lambda case: case["is_view"] and case["leaf"] and not case["sparse"],
    ),
    Rule(
        id="share-memory-moves-in-place",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: not case["sparse"],
        predicate=share_memory_in_place,
        applies=lambda case: case["core"] or case["sparse"],
    ),
]


def tensor_of_tensor_warns(case):
    source = case.build()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        torch.tensor(source)
    said = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
    return check(any("copy construct from a tensor" in s for s in said), "warned", "did_not_warn")


RULES.append(
    Rule(
        id="torch-tensor-of-tensor-warns",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=tensor_of_tensor_warns,
    )
)


def child_write_seen(case):
    seen = case.build()()
    return check(seen["parent_sees_write"], "parent_sees_write", "parent_misses_write")


RULES.append(
    Rule(
        id="child-write-seen-only-through-shared-memory",
        pages=("edges",),
        over=("process",),
        inside=lambda case: case["payload"] == "shared_tensor" or case["method"] != "fork",
        predicate=child_write_seen,
        applies=lambda case: case["probe"] == "child_write",
        expensive=True,
    )
)


def as_tensor_of_array_shares(case):
    source = case.build()
    array = source.numpy()
    return check(share_memory(torch.as_tensor(array), source), "numpy_shares", "numpy_copies")


def numpy_refuses_grad(case):
    source, mode = case.build()
    try:
        with mode:
            source.numpy()
    except RuntimeError as error:
        return raised(error, held_=True)
    return failed("numpy_allowed")


def from_numpy_refuses_negative_strides(case):
    array = case.build().numpy()[::-1]
    try:
        torch.from_numpy(array)
    except ValueError as error:
        return raised(error, held_=True)
    return failed("numpy_allowed")


RULES += [
    Rule(
        id="as-tensor-of-array-shares",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: _bridgeable(case) and case["shape"] != "empty",
        predicate=as_tensor_of_array_shares,
        applies=lambda case: _bridgeable(case),
    ),
    Rule(
        id="numpy-refuses-tensor-that-requires-grad",
        pages=("edges",),
        over=("tensor", "mode"),
        inside=lambda case: case["requires_grad"] and case["grad_on"],
        predicate=numpy_refuses_grad,
        applies=lambda case: (
            case["core"]
            and not case["sparse"]
            and case["dtype"] in NUMPY_DTYPES
            and case["layout"] not in ("conj", "neg")
        ),
    ),
    Rule(
        id="from-numpy-refuses-reversed-arrays",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: case["shape"] in ("d1", "d2", "d4") and case["layout"] != "expanded",
        predicate=from_numpy_refuses_negative_strides,
        applies=lambda case: _bridgeable(case) and case["shape"] != "scalar",
    ),
]


def copy_copy_separate_leaf(case):
    source = case.build()
    shallow = copy.copy(source)
    real_loss(shallow * 1).backward()
    return check(
        shallow.is_leaf and shallow.grad is not None and source.grad is None,
        "separate_leaf",
        "not_separate_leaf",
    )


def copy_copy_cuts_graph(case):
    source = case.build()
    shallow = copy.copy(source)
    return check(
        shallow.is_leaf and shallow.grad_fn is None and shallow.requires_grad,
        "graph_cut_flag_kept",
        "graph_kept_or_flag_lost",
    )


def deepcopy_keeps_grad(case):
    source = case.build()
    real_loss(source * 2).backward()
    twin = copy.deepcopy(source)
    return check(
        twin.requires_grad
        and twin.grad is not None
        and same_values(twin.grad, source.grad)
        and not share_memory(twin.grad, source.grad),
        "grad_copied",
        "grad_not_copied",
    )


def _float_grad(case) -> bool:
    return case["core"] and case["arithmetic"] and not case["sparse"] and case["floating"]


RULES += [
    Rule(
        id="copy-copy-of-leaf-is-a-separate-leaf",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: case["state"] == "leaf_grad" and case["layout"] == "contiguous",
        predicate=copy_copy_separate_leaf,
        applies=lambda case: _float_grad(case) and case["state"] == "leaf_grad",
    ),
    Rule(
        id="copy-copy-of-non-leaf-cuts-the-graph",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: case["requires_grad"] and not case["leaf"],
        predicate=copy_copy_cuts_graph,
        applies=lambda case: _float_grad(case) and case["requires_grad"],
    ),
    Rule(
        id="deepcopy-keeps-requires-grad-and-grad",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: case["state"] == "leaf_grad" and case["leaf"] and not case["is_view"],
        predicate=deepcopy_keeps_grad,
        applies=lambda case: _float_grad(case) and case["state"] == "leaf_grad" and case["leaf"],
    ),
]


def tolist_of_0d(case):
    value = case.build().tolist()
    return check(
        type(value) in (bool, int, float, complex),
        "python_numbers",
        "not_python_numbers",
        kind=type(value).__name__,
    )


RULES.append(
    Rule(
        id="tolist-of-0d-is-a-number",
        pages=("edges",),
        over=("tensor",),
        inside=lambda case: not case["quantized"],
        predicate=tolist_of_0d,
        applies=lambda case: case["shape"] == "scalar" and not case["sparse"],
    )
)
