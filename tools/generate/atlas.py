"""The operator atlas: for every operator in PyTorch's own catalogue, does the result copy or alias
its input? Measured by running it, like the copy-semantics matrix, over the whole operator surface.

    python -m tools.generate.atlas      (= make atlas)

The catalogue is `torch.testing._internal.common_methods_invocations.op_db`: one `OpInfo` per
operator (or variant of one), each with sample inputs PyTorch's own tests run. It is private API,
pinned with torch in requirements.txt, and it needs `expecttest` and `hypothesis` to import.

For each OpInfo, on the CPU, in float32 (or the first dtype it supports from `DTYPES`):

- its first `SAMPLES_PER_OP` sample inputs run, and then inputs added here because they decide
  rows the catalogue's samples rarely reach: the first sample's input made non-contiguous,
  expanded (stride 0), zero-size and float64, and an argument that asks for nothing
  (`NO_OP_ARGUMENTS`). Each result is the same object as an input, shares an input's memory (the
  byte ranges of the untyped storages overlap: `tools.generate.semantics.shares_storage`), is
  new memory, is not a tensor, or the call raises. Added inputs that raise are kept in the JSON
  but do not make a row conditional: they say more about the input built here than about the
  operator.
- when the samples disagree, the first trait of the inputs that separates them (contiguity, an
  argument's value, the dtype) is written down as the condition;
- the ATen schema's alias annotations (`Tensor(a)` in the returns) say what the operator declares,
  and the row says whether the measurement agrees;
- for an aliasing result, whether a write into it changes the input;
- for the in-place variant: storage kept, version counter bumped, and whether it raises on a leaf
  that requires grad, on a view of one, and on an expanded input.

Each operator runs in a forked worker with a timeout, so one that hangs or crashes is listed as
skipped with the reason instead of ending the run. Writes docs/generated/atlas.json and its
tables atlas.en.md / atlas.zh.md (labels: atlas_labels.json, next to this file). Without CUDA the
CUDA measurement is skipped and the JSON says why; `--device cuda` measures it on a GPU machine.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import functools
import hashlib
import html
import itertools
import json
import os
import random
import re
import signal
import sys
import tempfile
import time
import warnings
from pathlib import Path

import torch

from tools.generate.semantics import shares_storage

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "docs" / "generated"
LABELS_PATH = Path(__file__).with_name("atlas_labels.json")
COMMAND = "python -m tools.generate.atlas"
LANGUAGES = ("en", "zh")

SAMPLES_PER_OP = 4  # from the catalogue; the added inputs come on top
DTYPES = (torch.float32, torch.float64, torch.complex64, torch.int64, torch.int32, torch.bool)
TIMEOUT_S = 10  # per operator, all its samples and probes together
KINDS = ("same", "shares", "new", "other", "raises")  # strongest relation first

# Arguments that ask an operator to change nothing, for operators whose catalogue samples never
# do: they replace the first sample's arguments. Only a shortcut in the operator can make these
# return the input.
NO_OP_ARGUMENTS = {
    "to": lambda x: ((x.dtype,), {}),
    "nn.functional.pad": lambda x: (((0, 0),), {}),
    "repeat": lambda x: (((1,) * x.dim(),), {}),
    "tile": lambda x: (((1,) * x.dim(),), {}),
}


# -- probes: each answers one question about tensors it is given ---------------------------------


def shares_memory(a: torch.Tensor, b: torch.Tensor) -> bool:
    """The matrix's byte-range test, plus one case it cannot see: two zero-byte storages share
    nothing by bytes, so for them the question is whether they are the same storage object (a
    view of an empty tensor is; an empty copy is not)."""
    if shares_storage(a, b):
        return True
    if a.device != b.device or a.layout != torch.strided or b.layout != torch.strided:
        return False
    sa, sb = a.untyped_storage(), b.untyped_storage()
    return sa.nbytes() == 0 and sb.nbytes() == 0 and sa._cdata == sb._cdata


def tensors_in(value, name: str) -> list[tuple[str, torch.Tensor]]:
    """Every tensor inside a value (tensors, tuples, lists, dicts), with where it was found."""
    if isinstance(value, torch.Tensor):
        return [(name, value)]
    if isinstance(value, list | tuple):
        found = []
        for index, item in enumerate(value):
            found += tensors_in(item, f"{name}[{index}]")
        return found
    if isinstance(value, dict):
        found = []
        for key, item in value.items():
            found += tensors_in(item, f"{name}.{key}")
        return found
    return []


def relation(inputs: list[tuple[str, torch.Tensor]], result) -> tuple[str, str | None]:
    """What a result is to the inputs: ("same" | "shares" | "new" | "other", which input).

    The strongest relation of any output tensor to any input tensor wins: one output that is an
    input makes the call "same", one that shares an input's memory makes it "shares".
    """
    outputs = [tensor for _, tensor in tensors_in(result, "result")]
    if not outputs:
        return "other", None
    for name, tensor in inputs:
        if any(output is tensor for output in outputs):
            return "same", name
    for name, tensor in inputs:
        strided = tensor.layout == torch.strided
        if strided and any(o.layout == torch.strided and shares_memory(tensor, o) for o in outputs):
            return "shares", name
    return "new", None


def write_reaches(source: torch.Tensor, result: torch.Tensor) -> bool | None:
    """Whether an in-place write into result, outside autograd, changes the values of source.

    None when the write raises (an expanded result, a dtype add_ cannot write). NaN compares
    equal to NaN here, so a NaN in the input does not look like a change.
    """
    with torch.no_grad():
        before = source.detach().clone()
        try:
            if result.dtype == torch.bool:
                result.logical_not_()
            else:
                result.add_(1)
        except RuntimeError:
            return None
        after = source.detach()
        if before.shape != after.shape:
            return True
        same = before == after
        if before.is_floating_point() or before.is_complex():
            same |= before.isnan() & after.isnan()
        return not bool(same.all())


def raises(call) -> tuple[bool, str | None]:
    try:
        call()
    except Exception as error:  # noqa: BLE001 - that it raised is the answer
        return True, first_line(error)
    return False, None


def inplace_facts(inplace, make_input, args, kwargs) -> dict:
    """What an in-place variant does to its input, each question on a fresh input from
    make_input(). Raises whatever the plain call raises, so the caller can try another sample."""
    x = make_input()
    pointer, version = x.untyped_storage().data_ptr(), x._version
    result = inplace(x, *args, **kwargs)
    facts = {
        "returns_self": result is x,
        "storage_kept": x.untyped_storage().data_ptr() == pointer,
        "version_bumped": x._version > version,
        "raises_on_leaf": None,
        "raises_on_leaf_view": None,
        "raises_on_expanded": None,
        "errors": {},
    }
    if x.is_floating_point() or x.is_complex():
        leaf = make_input().requires_grad_()
        facts["raises_on_leaf"], facts["errors"]["leaf"] = raises(
            lambda: inplace(leaf, *args, **kwargs)
        )
        base = make_input().requires_grad_()
        facts["raises_on_leaf_view"], facts["errors"]["leaf_view"] = raises(
            lambda: inplace(base.view(base.shape), *args, **kwargs)
        )
    expanded = expand_input(make_input())
    if expanded is not None:
        facts["raises_on_expanded"], facts["errors"]["expanded"] = raises(
            lambda: inplace(expanded, *args, **kwargs)
        )
    facts["errors"] = {key: value for key, value in facts["errors"].items() if value}
    return facts


def first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0] if lines else ''}".rstrip()
    text = re.sub(r"0x[0-9a-fA-F]+", "0x…", text)  # addresses differ from run to run
    return text if len(text) <= 160 else text[:159] + "…"


# -- inputs that decide a row ---------------------------------------------------------------------


def non_contiguous(x: torch.Tensor) -> torch.Tensor | None:
    """The same values in the same shape, laid out so that the tensor is not contiguous."""
    if x.dim() == 0 or x.numel() < 2:
        return None
    if x.dim() == 1:
        spaced = x.new_empty(2 * x.shape[0])[::2]
        return spaced.copy_(x)
    flipped = x.new_empty(tuple(reversed(x.shape))).permute(*reversed(range(x.dim())))
    return flipped.copy_(x)


def expand_input(x: torch.Tensor) -> torch.Tensor | None:
    """The same shape, with the first dimension longer than one read from one element (stride 0).
    None when no two elements could share memory that way."""
    if x.numel() < 2:
        return None
    for dim, size in enumerate(x.shape):
        if size > 1:
            return x.narrow(dim, 0, 1).expand(x.shape)
    return None


def zero_size(x: torch.Tensor) -> torch.Tensor | None:
    if x.dim() == 0 or x.numel() == 0:
        return None
    return x.new_empty((0, *x.shape[1:]))


def no_op_arguments(name: str, x: torch.Tensor):
    build = NO_OP_ARGUMENTS.get(name)
    return None if build is None else build(x)


def traits_of(inputs: list[tuple[str, torch.Tensor]], args, kwargs, dtype) -> list[str]:
    """The facts about one call that can decide what it returns, as short stable strings."""
    traits = []
    tensors = [t for name, t in inputs if name.startswith("input")]
    if tensors:
        strided = [t for t in tensors if t.layout == torch.strided]
        if strided and all(t.is_contiguous() for t in strided):
            traits.append("contiguous")
        elif strided:
            traits.append("non-contiguous")
        if any(0 in t.stride() and t.numel() > 1 for t in strided):
            traits.append("expanded")
        if any(t.numel() == 0 for t in tensors):
            traits.append("zero-size")
        if any(t.dim() == 0 for t in tensors):
            traits.append("0-dim")
        if len(tensors) == 1 and inputs[0][0] == "input[0]":
            traits.append("one-tensor-list")
        dtypes = {t.dtype for t in tensors}
        if dtypes and dtypes != {dtype}:
            names = sorted(str(d).removeprefix("torch.") for d in dtypes)
            traits.append("dtype=" + "/".join(names))
    for key, value in sorted(kwargs.items()):
        if _simple(value):
            traits.append(f"{key}={_show(value)}")
    if any(isinstance(arg, list) or tensors_in(arg, "") for arg in args) or any(
        isinstance(arg, tuple) and any(isinstance(i, list) for i in arg) for arg in args
    ):
        traits.append("argument-list-or-tensor")
    return traits


def _simple(value) -> bool:
    return value is None or isinstance(value, bool | int | float | str | torch.dtype)


def _show(value) -> str:
    if isinstance(value, torch.dtype):
        return str(value)
    return repr(value)


# -- declared aliasing ----------------------------------------------------------------------------


TENSOR_TYPES = ("Tensor", "Tensor?", "Tensor[]", "List[Tensor]", "Optional[Tensor]")


def schemas_for(op) -> tuple[str | None, list]:
    """The ATen operator an OpInfo names, and its overloads that take a tensor and are neither
    in-place nor out= (those declare `(a!)`: they write, which is another question)."""
    name = op.aten_name
    candidates = [name, name.replace(".", "_")]
    if name.startswith("nn.functional."):
        candidates.append(name.removeprefix("nn.functional."))
    if name.startswith("torch.ops.aten."):
        candidates.append(name.removeprefix("torch.ops.aten.").split(".")[0])
    for candidate in candidates:
        found = torch._C._jit_get_schemas_for_operator(f"aten::{candidate}")
        kept = [
            s
            for s in found
            if not s.is_mutable and s.arguments and str(s.arguments[0].type) in TENSOR_TYPES
        ]
        if kept:
            return f"aten::{candidate}", kept
    return None, []


def declares_alias(schema) -> bool:
    """Whether any return is annotated as an alias of an argument without a write: `Tensor(a)`,
    `Tensor(a)[]`, `Tensor(a|b)`; `Tensor(a!)` is a write, which in-place and out= overloads
    declare."""
    returns = str(schema).rsplit(") -> ", 1)[1]
    return re.search(r"Tensor\([^)!]+\)", returns) is not None


def calls_inplace_method(op) -> bool:
    """Whether the OpInfo's function is a wrapper around the in-place method `<aten_name>_`, as
    the catalogue's `cauchy` or `uniform` are: then the schema that applies is that method's."""
    code = getattr(op.op, "__code__", None)
    if code is None or op.op.__name__ != "<lambda>":
        return False  # F.relu names relu_ too, for inplace=True: a function decides, a lambda wraps
    return f"{op.aten_name}_" in code.co_names and op.aten_name not in code.co_names


def declared(op) -> dict | None:
    if calls_inplace_method(op):
        name = f"aten::{op.aten_name}_"
        schemas = torch._C._jit_get_schemas_for_operator(name)
        if schemas:
            writes = all("!" in str(s).rsplit(") -> ", 1)[1] for s in schemas)
            overloads = sorted(s.overload_name or "default" for s in schemas)
            return {"schema": name, "kind": "inplace" if writes else "some",
                    "aliasing_overloads": overloads}  # fmt: skip
    name, schemas = schemas_for(op)
    if name is None:
        return None
    aliasing = sorted({s.overload_name or "default" for s in schemas if declares_alias(s)})
    overloads = {s.overload_name or "default" for s in schemas}
    kind = "alias" if len(aliasing) == len(overloads) else "some" if aliasing else "none"
    return {"schema": name, "kind": kind, "aliasing_overloads": aliasing}


def agreement(declaration: dict | None, kinds: set[str]) -> str | None:
    """ "agrees", "undeclared" (it aliased, the schema does not say it may) or "unobserved" (the
    schema says it may alias, no sample did). None without a schema or a result to compare."""
    measured = kinds - {"raises", "other"}
    if declaration is None or not measured or declaration["kind"] == "some":
        return None
    aliased = bool(measured & {"same", "shares"})
    if declaration["kind"] == "none":
        return "undeclared" if aliased else "agrees"
    return "agrees" if aliased else "unobserved"  # "alias" and "inplace" both allow it


# -- conditions -----------------------------------------------------------------------------------


def explain(samples: list[dict]) -> dict | None:
    """Which traits decide the kind, when the samples disagree.

    One kind is "otherwise"; each other kind must be exactly the samples that have one trait, or
    either of two ("or"), or both of two ("and"). The simplest explanation wins: fewest traits,
    then the most common kind as "otherwise". None when all samples agree, and
    {"unexplained": True} when no such explanation fits.
    """
    kinds = [s["kind"] for s in samples]
    distinct = sorted(set(kinds), key=lambda k: (-kinds.count(k), KINDS.index(k)))
    if len(distinct) < 2:
        return None
    everything = sorted({t for s in samples for t in s["traits"]})
    varying = [t for t in everything if not all(t in s["traits"] for s in samples)]
    pairs = list(itertools.combinations(varying, 2))
    options = [("or", (t,)) for t in varying]
    options += [("or", pair) for pair in pairs] + [("and", pair) for pair in pairs]
    best = None
    for otherwise in distinct:
        explained = []
        for kind in distinct:
            if kind == otherwise:
                continue
            members = [kind == s["kind"] for s in samples]
            for how, traits in options:
                test = any if how == "or" else all
                if members == [test(t in s["traits"] for t in traits) for s in samples]:
                    explained.append([kind, how, list(traits)])
                    break
            else:
                break
        else:
            cost = sum(len(traits) for _, _, traits in explained)
            if best is None or cost < best[0]:
                best = (cost, {"when": explained, "otherwise": otherwise})
    return best[1] if best else {"unexplained": True}


# -- measuring one operator -----------------------------------------------------------------------


def op_key(op) -> str:
    return f"{op.name}.{op.variant_test_name}" if op.variant_test_name else op.name


def anchor(key: str) -> str:
    """`op-` and the name with each run of other characters than letters and digits as one
    hyphen: op-reshape, op-nn-functional-dropout. Case is kept (`T` and `t` are two operators),
    and Python's special methods say so (`__rsub__` and `rsub` are two): op-dunder-rsub."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")
    return f"op-dunder-{slug}" if key.startswith("__") else f"op-{slug}"


def pick_dtype(op, device: str):
    supported = op.supported_dtypes(device)
    return next((d for d in DTYPES if d in supported), None)


def call(op, x, args, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return op(x, *args, **kwargs)


def run_sample(op, source: str, x, args, kwargs, dtype) -> dict:
    """One call: what it returned, and for an aliasing result whether writes reach the input."""
    inputs = tensors_in(x, "input") + tensors_in(list(args), "args")
    inputs += tensors_in(kwargs, "kwargs")
    if _progress is not None:
        _progress(source)
    traits = traits_of(inputs, args, kwargs, dtype)
    if source == "no-op":
        traits.append("no-op-argument")
    record = {"source": source, "traits": traits}
    try:
        result = call(op, x, args, kwargs)
    except Exception as error:  # noqa: BLE001 - a raise is a measured result
        return {**record, "kind": "raises", "error": first_line(error)}
    kind, where = relation(inputs, result)
    record.update(kind=kind, input=where)
    outputs = tensors_in(result, "result")
    if isinstance(x, torch.Tensor) and len(outputs) == 1:
        out = outputs[0][1]
        if out.shape == x.shape and out.dtype == x.dtype:
            record["traits"] = sorted([*record["traits"], "unchanged"])
    if kind in ("same", "shares"):
        source_tensor = dict(inputs)[where]
        record["elements"] = source_tensor.numel() > 0
        aliased = [
            t
            for _, t in tensors_in(result, "result")
            if t is source_tensor or shares_memory(source_tensor, t)
        ]
        record["write_reaches_input"] = write_reaches(source_tensor, aliased[0])
    return record


def catalogue_samples(op, device: str, dtype) -> list:
    torch.manual_seed(0)
    random.seed(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(itertools.islice(op.sample_inputs(device, dtype), SAMPLES_PER_OP))


def added_inputs(op, first, dtype) -> list[tuple[str, object, tuple, dict]]:
    """The inputs that decide conditional rows, built from the first catalogue sample."""
    x = first.input
    if not isinstance(x, torch.Tensor) or x.layout != torch.strided:
        return []
    added = []
    for source, make in (
        ("non-contiguous", non_contiguous),
        ("expanded", expand_input),
        ("zero-size", zero_size),
    ):
        built = make(x.detach().clone())
        if built is not None:
            added.append((source, built, first.args, first.kwargs))
    if dtype == torch.float32:
        added.append(("float64", x.detach().double(), first.args, first.kwargs))
    no_op = no_op_arguments(op.name, x)
    if no_op is not None:
        added.append(("no-op", x.detach().clone(), *no_op))
    return added


INPLACE_FACTS = ("returns_self", "storage_kept", "version_bumped", "raises_on_leaf",
                 "raises_on_leaf_view", "raises_on_expanded")  # fmt: skip


def measure_inplace(op, samples) -> dict:
    """The in-place variant on every sample it accepts as a plain input; each fact is True or
    False when all those calls agree, "sometimes" when they do not, None when none could ask."""
    calls, errors = [], []
    for sample in samples:
        if not isinstance(sample.input, torch.Tensor) or sample.broadcasts_input:
            continue
        original = sample.input.detach().clone()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                calls.append(
                    inplace_facts(op.inplace_variant, original.clone, sample.args, sample.kwargs)
                )
        except Exception as error:  # noqa: BLE001 - the next sample may suit it
            errors.append(first_line(error))
    variant = {"variant": _name_of(op.inplace_variant)}
    if not calls:
        return {**variant, "error": errors[0] if errors else "no sample has one plain tensor input"}
    summary = {fact: combine([c[fact] for c in calls]) for fact in INPLACE_FACTS}
    messages: dict[str, str] = {}
    for facts in calls:
        for key, message in facts["errors"].items():
            messages.setdefault(key, message)
    return {**variant, "calls": len(calls), **summary, "errors": messages}


def combine(values: list):
    known = {v for v in values if v is not None}
    if not known:
        return None
    return known.pop() if len(known) == 1 else "sometimes"


def _name_of(function) -> str:
    """A name without addresses, the same in every run: Tensor.add_, hardsigmoid(inplace=True)."""
    if isinstance(function, functools.partial):
        arguments = ", ".join(f"{key}={value!r}" for key, value in function.keywords.items())
        return f"{_name_of(function.func)}({arguments})"
    name = getattr(function, "__name__", None) or type(function).__name__
    owner = getattr(function, "__objclass__", None)
    if owner is not None and owner.__name__ == "TensorBase":
        return f"Tensor.{name}"
    return name if name != "<lambda>" else "(wrapper)"


def measure_op(op, device: str = "cpu") -> dict:
    """One OpInfo's row, or its skip entry ({"skipped": reason})."""
    key = op_key(op)
    row = {"key": key, "name": op.name, "variant": op.variant_test_name, "anchor": anchor(key)}
    dtype = pick_dtype(op, device)
    if dtype is None:
        return {**row, "skipped": f"no dtype this probe uses runs on {device}"}
    try:
        samples = catalogue_samples(op, device, dtype)
    except Exception as error:  # noqa: BLE001
        return {**row, "skipped": f"its sample inputs could not be built: {first_line(error)}"}
    if not samples:
        return {**row, "skipped": f"no sample inputs on {device}"}
    if _progress is not None and op.inplace_variant is not None:
        _progress("in-place variant's")
    inplace = measure_inplace(op, samples) if op.inplace_variant is not None else None
    # A deciding input is built from the first sample before any call could write into it.
    added = added_inputs(op, samples[0], dtype)
    records = [run_sample(op, "catalogue", s.input, s.args, s.kwargs, dtype) for s in samples] + [
        run_sample(op, source, x, args, kwargs, dtype) for source, x, args, kwargs in added
    ]
    considered = [r for r in records if r["source"] == "catalogue" or r["kind"] != "raises"]
    if all(r["kind"] == "raises" for r in considered):
        return {**row, "skipped": f"every sample raised: {considered[0]['error']}"}
    kinds = {r["kind"] for r in considered}
    # A write into no elements changes nothing, and one that raised answers nothing.
    writes = [r.get("write_reaches_input") for r in considered if r.get("elements")]
    declaration = declared(op)
    return {
        **row,
        "dtype": str(dtype).removeprefix("torch."),
        "result": kinds.pop() if len(kinds) == 1 else "conditional",
        "kinds": [k for k in KINDS if k in {r["kind"] for r in considered}],
        "condition": explain(considered),
        "declared": declaration,
        "agreement": agreement(declaration, {r["kind"] for r in considered}),
        "write_reaches_input": _summary(writes),
        "aliased_inputs": sorted({r["input"] for r in considered if r.get("input")}),
        "inplace": inplace,
        "samples": records,
    }


def _summary(writes: list) -> str | None:
    """ "yes", "no", "sometimes", "raised" (every write raised), or None (nothing aliased)."""
    if not writes:
        return None
    combined = combine(writes)
    if combined is None:
        return "raised"
    return {True: "yes", False: "no"}.get(combined, combined)


# -- the whole catalogue, one forked worker per slice ----------------------------------------------


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Timeout


def measure_isolated(op, device: str) -> dict:
    """measure_op with a time limit, and any failure of the probe itself as a skip."""
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S)
    try:
        return measure_op(op, device)
    except _Timeout:
        return _skip(op, f"timed out after {TIMEOUT_S} s")
    except Exception as error:  # noqa: BLE001
        return _skip(op, f"the probe failed: {first_line(error)}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _skip(op, reason: str) -> dict:
    key = op_key(op)
    return {"key": key, "name": op.name, "variant": op.variant_test_name, "anchor": anchor(key),
            "skipped": reason}  # fmt: skip


def catalogue():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    return op_db


def measure_all(ops, device: str = "cpu", jobs: int = 2) -> list[dict]:
    """Every op measured in forked workers. A worker that dies (a crash, or a hang the alarm
    cannot interrupt) costs one skip entry for the op it was on, which says on which input; the
    ops it had left go to a new worker at once."""
    if device == "cuda":  # CUDA must not be initialised before a fork
        return [measure_isolated(op, device) for op in ops]
    results: dict[int, dict] = {}
    with tempfile.TemporaryDirectory() as scratch:
        running: dict[int, tuple[list[int], Path]] = {}

        def start(indices: list[int]) -> None:
            path = Path(scratch) / f"from-{indices[0]}.jsonl"
            running[_fork(ops, indices, device, path)] = (indices, path)

        for first in range(min(jobs, len(ops))):
            start(list(range(first, len(ops), jobs)))
        while running:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                for pid, (_, path) in running.items():
                    if time.time() - path.stat().st_mtime > 3 * TIMEOUT_S:
                        os.kill(pid, signal.SIGKILL)  # stuck where the alarm cannot reach
                time.sleep(0.02)
                continue
            indices, path = running.pop(pid)
            done, last_call = _read_results(path)
            results.update(done)
            left = [i for i in indices if i not in done]
            if left:
                code = os.waitstatus_to_exitcode(status)
                results[left[0]] = _skip(ops[left[0]], _death(code, last_call))
                if left[1:]:
                    start(left[1:])
    return [results[i] for i in range(len(ops))]


def _death(code: int, call: str | None) -> str:
    how = f"signal {-code}, {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
    where = f" on the {call} input" if call else ""
    return f"the worker process died ({how}){where}"


_progress = None  # in a worker: called with the source of each call before it is made


def _fork(ops, indices, device, path) -> int:
    path.touch()
    pid = os.fork()
    if pid:
        return pid
    global _progress
    code = 1
    try:
        torch.set_num_threads(1)
        with path.open("a", encoding="utf-8") as out:

            def note(entry: dict) -> None:
                out.write(json.dumps(entry) + "\n")
                out.flush()

            for index in indices:
                _progress = lambda source, index=index: note({"index": index, "calling": source})  # noqa: E731
                note({"index": index, "row": measure_isolated(ops[index], device)})
        code = 0
    finally:
        os._exit(code)


def _read_results(path: Path) -> tuple[dict[int, dict], str | None]:
    """The rows a worker finished, and the source of the last call it began."""
    rows, last_call = {}, None
    for entry in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
        if "row" in entry:
            rows[entry["index"]], last_call = entry["row"], None
        else:
            last_call = entry["calling"]
    return rows, last_call


def generator_hash() -> str:
    """What the measurements depend on besides torch: this file's code (its syntax tree without
    docstrings, so that comments, docstrings and formatting do not ask for a new run)."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return hashlib.sha256(ast.dump(tree).encode()).hexdigest()[:16]


def atlas(device: str = "cpu", jobs: int = 2) -> dict:
    ops = catalogue()
    measured = measure_all(ops, device, jobs)
    rows = sorted((r for r in measured if "skipped" not in r), key=reading_order)
    skipped = sorted((r for r in measured if "skipped" in r), key=reading_order)
    anchors = [r["anchor"] for r in measured]
    assert len(anchors) == len(set(anchors)), "two operators would share an anchor"
    return {
        "command": COMMAND,
        "torch": torch.__version__,
        "generator": generator_hash(),
        "date": datetime.date.today().isoformat(),
        "device": device,
        "samples_per_op": SAMPLES_PER_OP,
        "counts": counts(len(ops), rows, skipped),
        "cuda": None if device == "cuda" else cuda_reason(),
        "rows": rows,
        "skipped": skipped,
    }


def reading_order(row: dict) -> tuple[str, str]:
    """Alphabetical as a reader looks for a name: `__getitem__` under g, `T` next to `t`."""
    return row["key"].lower().strip("_"), row["key"]


def counts(total: int, rows: list[dict], skipped: list[dict]) -> dict:
    by_result = {k: sum(r["result"] == k for r in rows) for k in (*KINDS, "conditional")}
    return {
        "opinfos": total,
        "rows": len(rows),
        "skipped": len(skipped),
        "samples": sum(len(r["samples"]) for r in rows),
        "by_result": by_result,
        "with_inplace": sum(r["inplace"] is not None for r in rows),
        "undeclared_alias": sum(r["agreement"] == "undeclared" for r in rows),
        "declared_unobserved": sum(r["agreement"] == "unobserved" for r in rows),
    }


def cuda_reason() -> str:
    """Why this file has no CUDA measurements, as a key of the labels' "cuda_reasons"."""
    return "not-run" if torch.cuda.is_available() else "no-cuda"


def to_json(data: dict) -> str:
    """Sorted and stable; one line per operator, so that `git diff` shows which rows changed."""
    lines = []
    for key in sorted(data):
        value = data[key]
        if key in ("rows", "skipped"):
            items = [f"  {_compact(item)}" for item in value]
            lines.append(f'"{key}": [\n' + ",\n".join(items) + "\n ]")
        else:
            lines.append(f"{json.dumps(key)}: {_compact(value)}")
    return "{\n " + ",\n ".join(lines) + "\n}\n"


def _compact(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# -- rendering ------------------------------------------------------------------------------------


def labels() -> dict:
    return json.loads(LABELS_PATH.read_text(encoding="utf-8"))


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _trait(trait: str, words: dict) -> str:
    if trait in words["traits"]:
        return words["traits"][trait]
    return f"<code>{_escape(trait)}</code>"


def _condition(row: dict, words: dict) -> str:
    condition = row["condition"]
    if not condition:
        return ""
    if condition.get("unexplained"):
        return words["unexplained"]
    parts = []
    for kind, how, traits in condition["when"]:
        joined = words[how].join(_trait(t, words) for t in traits)
        parts.append(words["when"].format(kind=words["kinds"][kind], traits=joined))
    parts.append(words["otherwise"].format(kind=words["kinds"][condition["otherwise"]]))
    return words["separator"].join(parts)


def _mark(value, words: dict) -> str:
    """A yes/no cell in words (a glyph alone says nothing to a screen reader); empty when the
    question does not apply."""
    if value == "sometimes":
        return words["sometimes"]
    if value is None:
        return ""
    return words["yes"] if value else words["no"]


def _declared(row: dict, words: dict) -> str:
    declaration = row["declared"]
    if declaration is None:
        return f'<span class="atlas-muted">{words["no_schema"]}</span>'
    text = words["declared"][declaration["kind"]]
    return f'<span title="{_escape(declaration["schema"])}">{text}</span>'


def _inplace_cells(row: dict, words: dict) -> str:
    """The in-place columns as <td> elements: one spanning them all when there is nothing to say
    in each (no in-place variant, or it raised on every sample)."""
    inplace = row["inplace"]
    span = len(INPLACE_FACTS) - 1
    if inplace is None:
        return f'<td colspan="{span}" class="atlas-muted">{words["no_inplace"]}</td>'
    if "error" in inplace:
        title = _escape(inplace["error"])
        return f'<td colspan="{span}" title="{title}">{words["inplace_raised"]}</td>'
    return "".join(f"<td>{_mark(inplace[fact], words)}</td>" for fact in INPLACE_FACTS[1:])


def _filter_tokens(row: dict) -> str:
    tokens = list(row["kinds"])
    if row["result"] == "conditional":
        tokens.append("conditional")
    if row["agreement"] in ("undeclared", "unobserved"):
        tokens.append("disagrees")
    if row["inplace"] is not None:
        tokens.append("inplace")
    return " ".join(tokens)


def render(data: dict, language: str) -> str:
    words = labels()[language]
    header = words["generated"].format(command=COMMAND, json="docs/generated/atlas.json")
    counts_ = data["counts"]
    out = [f"<!-- {header} -->", ""]
    out += [words["measured"].format(torch=data["torch"], device=data["device"],
                                     date=data["date"], **counts_), ""]  # fmt: skip
    out += [f'!!! info "{words["legend_title"]}"', ""]
    out += [f"    - {item}" for item in words["legend"]] + [""]
    # The filter is hidden until the script (assets/javascripts/atlas.js) makes it work.
    options = "".join(
        f'<option value="{value}">{text}</option>' for value, text in words["filter"].items()
    )
    out += [
        f'<div class="atlas-filter" data-atlas-filter hidden data-count="{words["count"]}">',
        f'<label for="atlas-kind">{words["filter_label"]}</label>',
        f'<select id="atlas-kind">{options}</select>',
        f'<label for="atlas-name">{words["name_label"]}</label>',
        '<input id="atlas-name" type="search" autocomplete="off" spellcheck="false">',
        '<output for="atlas-kind atlas-name" aria-live="polite"></output>',
        "</div>",
        "",
    ]
    columns = words["columns"]
    out += ['<div class="atlas-table">', '<table id="atlas-operators">',
            f"<caption>{words['caption'].format(**counts_)}</caption>",
            "<thead>", "<tr>"]  # fmt: skip
    out += [f'<th scope="col">{columns[c]}</th>' for c in COLUMNS]
    out += ["</tr>", "</thead>", "<tbody>"]
    for row in data["rows"]:
        name = f"<code>{_escape(row['name'])}</code>"
        if row["variant"]:
            name += f' <span class="atlas-variant">{_escape(row["variant"])}</span>'
        result = words["kinds"][row["result"]]
        others = [name for name in row["aliased_inputs"] if not name.startswith("input")]
        if others:
            title = _escape(", ".join(others))
            result += f' <span class="atlas-muted" title="{title}">{words["of_argument"]}</span>'
        cells = [
            str(len(row["samples"])),
            result,
            _condition(row, words),
            _declared(row, words),
            words["agreement"].get(row["agreement"] or "", _mark(None, words)),
            words["writes"].get(row["write_reaches_input"] or "", _mark(None, words)),
        ]
        out.append(
            f'<tr id="{row["anchor"]}" data-kind="{_filter_tokens(row)}">'
            f'<th scope="row">{name}</th>'
            + "".join(f"<td>{cell}</td>" for cell in cells)
            + _inplace_cells(row, words)
            + "</tr>"
        )
    out += ["</tbody>", "</table>", "</div>", ""]
    out += [f"### {words['skipped_title']} {{ #skipped }}", ""]
    out += [words["skipped_intro"].format(**counts_), ""]
    for entry in data["skipped"]:
        reason = _escape(entry["skipped"])
        out.append(f'- <span id="{entry["anchor"]}">`{entry["key"]}`</span>: {reason}')
    out += ["", f"### {words['cuda_title']} {{ #cuda }}", ""]
    reason = words["cuda_reasons"].get(data["cuda"] or "", "")
    out += [words["cuda_missing"].format(reason=reason, command=COMMAND)
            if data["cuda"] else words["cuda_done"], ""]  # fmt: skip
    return "\n".join(out)


COLUMNS = ("operator", "samples", "result", "condition", "declared", "agreement", "writes",
           "storage_kept", "version_bumped", "raises_on_leaf", "raises_on_leaf_view",
           "raises_on_expanded")  # fmt: skip


# -- files ----------------------------------------------------------------------------------------


def outputs(data: dict) -> dict[Path, str]:
    files = {GENERATED / "atlas.json": to_json(data)}
    for language in LANGUAGES:
        files[GENERATED / f"atlas.{language}.md"] = render(data, language)
    return files


def check(keys: list[str], everything: bool) -> dict:
    """What the freshness test compares with the committed JSON: every OpInfo's key, and the
    entries of `keys` measured now (of every OpInfo when `everything`)."""
    ops = catalogue()
    if everything:
        entries = measure_all(ops)
    else:
        by_key = {op_key(op): op for op in ops}
        entries = [measure_isolated(by_key[key], "cpu") for key in keys]
    return {"torch": torch.__version__, "generator": generator_hash(),
            "keys": [op_key(op) for op in ops], "entries": entries}  # fmt: skip


def _with_fixed_hash_seed(argv: list[str]) -> None:
    """Run again with PYTHONHASHSEED=0 unless it is set so: some sample input functions loop
    over a set of strings, whose order, and so which samples come first, follows the seed."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        command = [sys.executable, "-m", "tools.generate.atlas", *argv]
        os.execve(sys.executable, command, {**os.environ, "PYTHONHASHSEED": "0"})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    parser.add_argument("--render", action="store_true", help="only re-render the committed JSON")
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument(
        "--check", nargs="*", metavar="KEY", help="print every OpInfo's key and these measured"
    )
    parser.add_argument("--check-all", action="store_true", help="--check, measuring all")
    options = parser.parse_args(argv)
    if not options.render:
        _with_fixed_hash_seed(argv)
    if options.check is not None or options.check_all:
        json.dump(check(options.check or [], options.check_all), sys.stdout)
        return 0
    if options.render:
        data = json.loads((GENERATED / "atlas.json").read_text(encoding="utf-8"))
    elif options.device == "cuda":
        if not torch.cuda.is_available():
            print("CUDA is not available: torch.cuda.is_available() is False")
            return 1
        data = atlas("cuda")
        path = GENERATED / "atlas-cuda.json"
        path.write_text(to_json(data), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
        return 0
    else:
        started = time.perf_counter()
        data = atlas("cpu", options.jobs)
        seconds = time.perf_counter() - started
        print(f"measured {data['counts']['opinfos']} OpInfos in {seconds:.0f} s")
    for path, text in outputs(data).items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
