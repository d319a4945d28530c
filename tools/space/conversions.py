"""The calls of the `Module.to` family at the boundaries: each converts a module (a case of
`module`) and returns what the call returned. Conversions of dtype, no-op moves, a move to
`meta`, materialising with `to_empty`, and a memory format."""

from __future__ import annotations

import functools

import torch

from tools.space.core import Case, word

CALLS = {  # key -> (call, weight, facets)
    "to_float64": (lambda m: m.to(torch.float64), 0, {"dtype_change": True}),
    "double": (lambda m: m.double(), 1, {"dtype_change": True}),
    "to_float16": (lambda m: m.to(torch.float16), 1, {"dtype_change": True}),
    "half": (lambda m: m.half(), 1, {"dtype_change": True}),
    "to_bfloat16": (lambda m: m.to(torch.bfloat16), 1, {"dtype_change": True}),
    "to_cpu": (lambda m: m.to("cpu"), 1, {"dtype_change": False}),
    "float": (lambda m: m.float(), 1, {"dtype_change": False}),
    "channels_last": (
        lambda m: m.to(memory_format=torch.channels_last),
        2,
        {"dtype_change": False},
    ),
    "to_meta": (lambda m: m.to("meta"), 2, {"dtype_change": False}),
    "to_empty": (lambda m: m.to_empty(device="cpu"), 2, {"dtype_change": False}),
}


def _describe(case: Case, language: str) -> str:
    return word(language, "conversion", case.key)


@functools.cache
def cases() -> tuple[Case, ...]:
    """Each case builds the call: a function from a module to what the call returns."""
    return tuple(
        Case(
            "conversion",
            key,
            {"call": key, **facets},
            functools.partial(lambda call: call, call),
            _describe,
            weight,
        )
        for key, (call, weight, facets) in CALLS.items()
    )
