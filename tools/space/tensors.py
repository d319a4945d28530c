"""Tensors at the boundaries: every dtype torch has, shapes from 0-d to 4-D, every kind of layout
the API can produce (views with strides, offsets, stride 0, overlapping memory, the conj and neg
bits, channels_last, sparse), and the autograd state of the tensor the layout was taken from.

The space is not the full product (a million cases): each dtype with every shape and every view,
the floating dtypes with every layout and every state, float32 with every shape, layout and state.
A dtype PyTorch cannot make a tensor of (no kernel copies it) is left out with its reason, in
`SKIPPED`; a combination PyTorch refuses to build (a sparse float8 tensor) is not a case.
"""

from __future__ import annotations

import functools
import math
import warnings

import torch

from tools.project import LANGUAGES
from tools.space import autograd
from tools.space.core import Case, word, words

SHAPES = {  # key -> (shape, weight)
    "d2": ((2, 3), 0),
    "d1": ((6,), 1),
    "ones": ((1, 3), 1),
    "scalar": ((), 2),
    "empty": ((0, 3), 2),
    "d4": ((2, 3, 2, 2), 2),
}

# Layouts a tensor is made in (not views of another tensor).
OWN_LAYOUTS = ("contiguous", "channels_last", "sparse_coo", "sparse_csr")
# Views taken from a tensor in the given state: the view is what the case yields.
VIEW_LAYOUTS = (
    "transposed",
    "stepped",
    "offset",
    "expanded",
    "overlapping",
    "conj",
    "neg",
    "row_unbind",
    "custom_view",
    "nograd_view",
)
LAYOUTS = OWN_LAYOUTS + VIEW_LAYOUTS
LAYOUT_WEIGHT = {"contiguous": 0, "transposed": 1, "stepped": 1, "offset": 1, "expanded": 1}

QUANTIZED = (torch.qint8, torch.quint8, torch.qint32, torch.quint4x2, torch.quint2x4)
COMMON = {torch.float32: 0, torch.float64: 1, torch.int64: 1, torch.bool: 1}


def _all_dtypes() -> list[torch.dtype]:
    found = {v for v in vars(torch).values() if isinstance(v, torch.dtype)}
    return sorted(found, key=str)


def _name(dtype: torch.dtype) -> str:
    return str(dtype).removeprefix("torch.")


def _values(dtype: torch.dtype, shape: tuple[int, ...], channels_last: bool = False):
    """A tensor of `shape` and `dtype` holding small distinct values (0, 1, 2, ...)."""
    n = math.prod(shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # complex32 is "experimental", quantized "deprecated"
        if dtype in QUANTIZED:
            values = torch.arange(n, dtype=torch.float32).reshape(shape)
            return torch.quantize_per_tensor(values, 1.0, 0, dtype)
        values = (torch.arange(n) % 2 if dtype == torch.bool else torch.arange(n)).to(dtype)
        # A tensor of its own, not a view of the arange (reshape returns one).
        values = values.reshape(shape).clone()
        if channels_last:
            values = values.contiguous(memory_format=torch.channels_last)
        return values


def _skip_reason(dtype: torch.dtype) -> str | None:
    """Why a dtype has no cases (a key of `skipped` in text/<language>/space.yml), or None."""
    try:
        _values(dtype, (2,)).clone()
    except (RuntimeError, NotImplementedError, TypeError):
        return "no_conversion"
    return None


DTYPES = [d for d in _all_dtypes() if _skip_reason(d) is None]
SKIPPED = {_name(d): _skip_reason(d) for d in _all_dtypes() if _skip_reason(d) is not None}


def skipped_words() -> dict[str, dict[str, str]]:
    """The dtypes torch has that no case is built from, each with its reason in every language."""
    return {
        name: {language: word(language, "skipped", reason) for language in LANGUAGES}
        for name, reason in sorted(SKIPPED.items())
    }


FLOATING = [d for d in DTYPES if (d.is_floating_point or d.is_complex) and d not in QUANTIZED]


def _with_state(base: torch.Tensor, state: str) -> torch.Tensor:
    return autograd.STATES[state](base)


def _source_shape(layout: str, shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """The shape of the tensor a view layout is taken from, or None where it cannot be taken."""
    rank = len(shape)
    if layout == "transposed":
        return (*shape[:-2], shape[-1], shape[-2]) if rank >= 2 else None
    if layout == "stepped":
        return (shape[0] * 2, *shape[1:]) if rank >= 1 else None
    if layout == "offset":
        return (shape[0] + 1, *shape[1:]) if rank >= 1 else None
    if layout == "expanded":
        return (1, *shape[1:]) if rank >= 1 and shape[0] != 1 else None
    if layout == "overlapping":
        return (sum(s - 1 for s in shape) + 1,) if rank >= 2 and 0 not in shape else None
    if layout == "row_unbind":
        return (2, *shape)
    return shape


def _view(layout: str, source: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    if layout == "transposed":
        return source.transpose(-1, -2)
    if layout == "stepped":
        return source[::2]
    if layout == "offset":
        return source[1:]
    if layout == "expanded":
        return source.expand(shape)
    if layout == "overlapping":
        return source.as_strided(shape, (1,) * len(shape))
    if layout == "conj":
        return source.conj()
    if layout == "neg":
        return source.conj().imag
    if layout == "row_unbind":
        return source.unbind(0)[1]
    if layout == "custom_view":
        return autograd.ViewOfInput.apply(source)
    if layout == "nograd_view":
        with torch.no_grad():
            return source.view(shape)
    raise ValueError(layout)


_COMPLEX_OF = {torch.float32: torch.complex64, torch.float64: torch.complex128}


def make(dtype: torch.dtype, shape_key: str, layout: str, state: str) -> torch.Tensor:
    shape = SHAPES[shape_key][0]
    if layout in OWN_LAYOUTS:
        base = _values(dtype, shape, channels_last=layout == "channels_last")
        if layout == "channels_last" and len(shape) != 4:
            raise ValueError("channels_last needs four dimensions")
        if layout == "sparse_coo":
            base = base.to_sparse()
        elif layout == "sparse_csr":
            if len(shape) != 2:
                raise ValueError("CSR needs two dimensions")
            base = base.to_sparse_csr()
        return _with_state(base, state)
    source_shape = _source_shape(layout, shape)
    if source_shape is None:
        raise ValueError(f"no {layout} view of shape {shape}")
    if layout == "conj" and not dtype.is_complex:
        raise ValueError("the conj bit needs a complex dtype")
    source_dtype = _COMPLEX_OF.get(dtype) if layout == "neg" else dtype
    if source_dtype is None:
        raise ValueError("the neg bit needs a float32 or float64 result here")
    source = _with_state(_values(source_dtype, source_shape), state)
    return _view(layout, source, shape)


def describe(case: Case, language: str) -> str:
    source_dtype = case["dtype"]
    if case["layout"] == "neg":
        source_dtype = _name(_COMPLEX_OF[getattr(torch, case["dtype"])])
    dtype = word(language, "dtype", source_dtype)
    state = word(language, "state", case["state"]).format(dtype=dtype)
    shape = word(language, "shape", case["shape"])
    layout = word(language, "layout", case["layout"]).format(shape=shape)
    if case["layout"] in OWN_LAYOUTS:
        return words(language)("tensor_own", state=state, shape=shape, layout=layout)
    return words(language)("tensor_view", state=state, layout=layout)


def _case(dtype: torch.dtype, shape: str, layout: str, state: str) -> Case:
    weight = (
        COMMON.get(dtype, 2)
        + SHAPES[shape][1]
        + LAYOUT_WEIGHT.get(layout, 2)
        + autograd.STATE_WEIGHT[state]
    )
    facets = {
        "dtype": _name(dtype),
        "shape": shape,
        "layout": layout,
        "state": state,
        "view": layout in VIEW_LAYOUTS,
        "floating": dtype in FLOATING,
        "quantized": dtype in QUANTIZED,
        # CPU kernels for arithmetic (mul, sum, exp): float8, complex32 and quantized have few.
        # (and the wide unsigned dtypes, which have few kernels: no add, no sum).
        "arithmetic": dtype not in QUANTIZED
        and dtype not in (torch.complex32, torch.uint16, torch.uint32, torch.uint64)
        and not _name(dtype).startswith("float8"),
        "sparse": layout.startswith("sparse"),
        # The smaller grid that rules over several dimensions run on: 2-D float32 in every
        # layout and state, contiguous float32 in every shape and state, and every dtype as a
        # contiguous 2-D tensor in each state it can take.
        "core": layout == "contiguous"
        and (dtype == torch.float32 or shape == "d2")
        or (dtype == torch.float32 and shape == "d2"),
    }
    key = f"{_name(dtype)}/{shape}/{layout}/{state}"
    return Case(
        "tensor",
        key,
        facets,
        functools.partial(make, dtype, shape, layout, state),
        describe,
        weight,
    )


def _buildable(case: Case) -> bool:
    """Whether PyTorch builds the case; if so, its autograd facets as measured on it."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            made = case.build()
    except (RuntimeError, NotImplementedError, ValueError, TypeError, IndexError):
        return False
    case.facets.update(
        requires_grad=made.requires_grad,
        leaf=made.is_leaf,
        is_view=made._is_view(),
        inference=made.is_inference(),
    )
    return True


@functools.cache
def cases() -> tuple[Case, ...]:
    """Every tensor case, in a fixed order (the smallest first)."""
    wanted: dict[str, Case] = {}

    def add(dtype, shape, layout, state):
        if state != "plain" and dtype not in FLOATING:
            return
        case = _case(dtype, shape, layout, state)
        wanted.setdefault(case.key, case)

    floats = [d for d in (torch.float32, torch.float64, torch.float16, torch.bfloat16)]
    floats.append(torch.complex64)
    for dtype in DTYPES:
        for shape in SHAPES:
            add(dtype, shape, "contiguous", "plain")
        for layout in LAYOUTS:
            add(dtype, "d2" if layout != "channels_last" else "d4", layout, "plain")
    for dtype in floats:
        for layout in LAYOUTS:
            for state in autograd.STATES:
                add(dtype, "d2" if layout != "channels_last" else "d4", layout, state)
    for shape in SHAPES:
        for layout in LAYOUTS:
            for state in autograd.STATES:
                add(torch.float32, shape, layout, state)
    found = [case for case in wanted.values() if _buildable(case)]
    return tuple(sorted(found, key=lambda c: c.order))
