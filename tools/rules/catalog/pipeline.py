"""The rules docs/pipeline.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import warnings

import numpy as np
import torch

from tools.rules.catalog.edges import NUMPY_DTYPES
from tools.rules.core import Rule, check, held


def _grid(case) -> bool:
    """Every dtype NumPy has and every shape, as a plain contiguous tensor: the arrays the
    predicates below make depend on dtype and shape only."""
    plain = case["layout"] == "contiguous" and case["state"] == "plain"
    return plain and case["dtype"] in NUMPY_DTYPES


def persistent_worker_sees_shared_writes(case):
    seen = case.build()()
    return check(
        not seen["rebind_seen"] and seen["in_place_seen"],
        "worker_sees_in_place_only",
        "worker_sees_other",
        rebind=seen["rebind_seen"],
        in_place=seen["in_place_seen"],
    )


def worker_collation_error(case):
    error = case.build()()["error"]
    resize = error == "Trying to resize storage that is not resizable"
    stack = error.startswith("stack expects each tensor to be equal size")
    larger = case["payload"] == "first_larger"
    return check(resize if larger else stack, "collation_error", "collation_other", error=error)


def worker_batch_shared(case):
    found = case.build()()
    return check(found.get("shared") is True, "batch_shared", "batch_not_shared")


def _ones(case) -> np.ndarray:
    source = case.build()
    return np.ones_like(source.numpy())


def from_numpy_shares_read_only(case):
    array = _ones(case)
    array.flags.writeable = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tensor = torch.from_numpy(array)
    tensor.zero_()
    shared = array.size == 0 or np.shares_memory(tensor.numpy(), array)
    return check(shared and not array.any(), "read_only_written", "read_only_copied")


def negative_strides_refused(case):
    array = _ones(case)
    flipped = array[..., ::-1] if array.ndim else array
    negative = any(s < 0 for s in flipped.strides)
    try:
        torch.from_numpy(flipped)
        refused = False
    except ValueError:
        refused = True
    transposed = array.T
    shared = array.size == 0 or np.shares_memory(torch.from_numpy(transposed).numpy(), array)
    return check(refused == negative and shared, "refused_negative_only", "strides_other")


class _Interface:
    """Hands NumPy its data as Pillow's Image does: a new bytes object on every call."""

    def __init__(self, array: np.ndarray):
        self.array = array

    @property
    def __array_interface__(self):
        return {
            "shape": self.array.shape,
            "typestr": self.array.dtype.str,
            "data": self.array.tobytes(),
            "version": 3,
        }


def asarray_of_bytes_read_only_copy(case):
    array = _ones(case)
    picture = _Interface(array)
    viewed, copied = np.asarray(picture), np.array(picture)
    own = array.size == 0 or not np.shares_memory(viewed, array)
    if not viewed.flags.writeable and own and copied.flags.writeable:
        return held("asarray_read_only_copy")
    return check(False, "asarray_read_only_copy", "asarray_other")


RULES = (
    Rule(
        id="persistent-worker-sees-shared-writes-only",
        pages=("pipeline",),
        over=("process",),
        inside=lambda case: case["payload"] == "shared_tensor" or case["method"] != "fork",
        predicate=persistent_worker_sees_shared_writes,
        applies=lambda case: case["probe"] == "persistent_worker",
        expensive=True,
    ),
    Rule(
        id="worker-collation-errors",
        pages=("pipeline",),
        over=("process",),
        inside=lambda case: True,
        predicate=worker_collation_error,
        applies=lambda case: case["probe"] == "collate" and case["payload"] != "equal",
        expensive=True,
    ),
    Rule(
        id="worker-batch-in-shared-memory",
        pages=("pipeline",),
        over=("process",),
        inside=lambda case: True,
        predicate=worker_batch_shared,
        applies=lambda case: case["probe"] == "collate" and case["payload"] == "equal",
        expensive=True,
    ),
    Rule(
        id="from-numpy-shares-read-only-arrays",
        pages=("pipeline",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=from_numpy_shares_read_only,
        applies=_grid,
    ),
    Rule(
        id="from-numpy-refuses-negative-strides",
        pages=("pipeline",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=negative_strides_refused,
        applies=_grid,
    ),
    Rule(
        id="asarray-of-bytes-is-read-only-copy",
        pages=("pipeline",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=asarray_of_bytes_read_only_copy,
        applies=_grid,
    ),
)
