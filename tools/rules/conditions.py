"""Conditions several pages' rules state, on a tensor case's facets (tools/space/tensors.py)."""

from __future__ import annotations


def dense(case) -> bool:
    """A strided tensor (not sparse)."""
    return not case["sparse"]


def writable(case) -> bool:
    """A strided tensor an in-place write can go into: no element shares memory with another
    (expand, as_strided), a dtype with CPU arithmetic kernels, not quantized, not an inference
    tensor (outside inference mode it refuses writes)."""
    return (
        not case["sparse"]
        and case["layout"] not in ("expanded", "overlapping")
        and case["arithmetic"]
        and not case["inference"]
    )


def autograd_allows_write(case) -> bool:
    """Autograd lets a write with grad mode on through: the tensor is not a leaf that requires
    grad, nor a view that requires grad (of a leaf, or of a kind autograd forbids writing into:
    made under no_grad, one output of several, a custom Function's)."""
    return not (case["requires_grad"] and (case["leaf"] or case["is_view"]))
