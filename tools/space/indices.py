"""Indices at the boundaries: every kind of index PyTorch's indexing code tells apart
(torch/csrc/autograd/python_variable_indexing.cpp), tensors in every dtype, those it refuses
included, and tuples that mix kinds.

Each case builds an index for a source of shape (3, 4) (`SOURCE_SHAPE`): in range, so that what
a rule sees is the kind of the index, not an out-of-range error.
"""

from __future__ import annotations

import functools

import numpy as np
import torch

from tools.space.core import Case, word, words
from tools.space.tensors import DTYPES, QUANTIZED, _name

SOURCE_SHAPE = (3, 4)

# key -> (kind, maker, weight). The kind is the word for what the index is, not what it does.
_PLAIN = {
    "int": ("int", lambda: 1, 0),
    "negative_int": ("int", lambda: -1, 1),
    "slice": ("slice", lambda: slice(0, 2), 0),
    "stepped_slice": ("slice", lambda: slice(None, None, 2), 1),
    "empty_slice": ("slice", lambda: slice(2, 2), 1),
    "none": ("none", lambda: None, 1),
    "ellipsis": ("ellipsis", lambda: ..., 1),
    "true": ("bool", lambda: True, 1),
    "false": ("bool", lambda: False, 1),
    "int_list": ("list", lambda: [0, 2], 1),
    "repeated_list": ("list", lambda: [0, 0], 1),
    "bool_list": ("list", lambda: [True, False, True], 1),
    "numpy_ints": ("numpy", lambda: np.array([0, 2]), 2),
    "numpy_mask": ("numpy", lambda: np.array([True, False, True]), 2),
    "int_then_slice": ("tuple", lambda: (1, slice(0, 2)), 1),
    "slice_then_none": ("tuple", lambda: (slice(None), None), 1),
    "ellipsis_then_int": ("tuple", lambda: (..., 1), 1),
    "tensor_then_slice": ("mixed", lambda: (torch.tensor([0, 2]), slice(0, 2)), 2),
    "slice_then_tensor": ("mixed", lambda: (slice(None), torch.tensor([0, 3])), 2),
    "two_tensors": ("mixed", lambda: (torch.tensor([0, 2]), torch.tensor([1, 3])), 2),
    "int_then_list": ("mixed", lambda: (1, [0, 3]), 2),
}


def _tensor_index(dtype: torch.dtype, zero_d: bool):
    if dtype == torch.bool or dtype == torch.uint8:
        values = [1, 0, 1]  # a mask over the first dimension
    else:
        values = [0, 2]
    if dtype in QUANTIZED:
        t = torch.quantize_per_tensor(torch.tensor(values, dtype=torch.float32), 1.0, 0, dtype)
    else:
        t = torch.tensor(values).to(dtype)
    return t[0] if zero_d else t


def describe(case: Case, language: str) -> str:
    if case["kind"] in ("tensor", "zero_d"):
        dtype = word(language, "dtype", case["dtype"])
        key = {"tensor": "index_tensor", "zero_d": "index_zero_d"}[case["kind"]]
        return words(language)(key, dtype=dtype)
    return word(language, "index", case.key)


@functools.cache
def cases() -> tuple[Case, ...]:
    found = [
        Case("index", key, {"kind": kind}, maker, describe, weight)
        for key, (kind, maker, weight) in _PLAIN.items()
    ]
    for dtype in DTYPES:
        for zero_d in (False, True):
            kind = "zero_d" if zero_d else "tensor"
            facets = {"kind": kind, "dtype": _name(dtype)}
            weight = (1 if dtype in (torch.int64, torch.bool) else 2) + zero_d
            maker = functools.partial(_tensor_index, dtype, zero_d)
            found.append(Case("index", f"{kind}/{_name(dtype)}", facets, maker, describe, weight))
    return tuple(sorted(found, key=lambda c: c.order))
