"""Measurements that several pages' rules make on live tensors: whether two tensors share
memory, whether they hold the same values. Each works on every tensor the space yields
(sparse, quantized, float8, empty) or says it cannot (an exception, which the rule reports)."""

from __future__ import annotations

import torch


def components(t: torch.Tensor) -> list[torch.Tensor]:
    """The strided tensors that hold a tensor's data (a sparse tensor has several)."""
    if t.layout == torch.sparse_coo:
        return [t._indices(), t._values()]
    if t.layout == torch.sparse_csr:
        return [t.crow_indices(), t.col_indices(), t.values()]
    return [t]


def _storages(t: torch.Tensor) -> list[torch.UntypedStorage]:
    return [part.untyped_storage() for part in components(t)]


def _ranges(t: torch.Tensor) -> list[tuple[int, int]]:
    return [(s.data_ptr(), s.data_ptr() + s.nbytes()) for s in _storages(t) if s.nbytes() > 0]


def share_memory(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether any byte of a's storages is a byte of b's (an empty storage shares nothing)."""
    return any(lo < high and low < hi for lo, hi in _ranges(a) for low, high in _ranges(b))


def same_storage(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether two strided tensors are over one storage (an empty one too), whatever their
    offsets."""
    return a.untyped_storage()._cdata == b.untyped_storage()._cdata


def real_loss(t: torch.Tensor) -> torch.Tensor:
    """A real scalar to call backward() on, from a real or complex tensor."""
    total = t.sum()
    return total.real if total.is_complex() else total


def comparable(t: torch.Tensor) -> torch.Tensor:
    """The values as a dense float64 or complex128 tensor with no conj or neg bit pending (made
    under inference mode: a measurement, which no autograd or inference-tensor check may stop)."""
    with torch.inference_mode():
        return _comparable(t)


def _comparable(t: torch.Tensor) -> torch.Tensor:
    if t.layout != torch.strided:
        t = t.to_dense()
    if t.is_quantized:
        t = t.dequantize()
    t = t.detach().resolve_conj().resolve_neg()
    return t.to(torch.complex128 if t.is_complex() else torch.float64)


def same_values(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Same shape and values (a sparse tensor: the same layout, indices and values)."""
    if a.shape != b.shape or a.layout != b.layout:
        return False
    if a.layout != torch.strided:
        if a.layout == torch.sparse_coo:
            a, b = a.coalesce(), b.coalesce()
        pairs = zip(components(a), components(b), strict=True)
        return all(same_values(x, y) for x, y in pairs)
    return bool(torch.equal(comparable(a), comparable(b)))


def grad_fn_name(t: torch.Tensor) -> str:
    return type(t.grad_fn).__name__ if t.grad_fn is not None else "None"
