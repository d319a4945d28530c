"""One call on one module kind, measured: what the call did to the tensors the model holds.

A call is a Python expression applied to `m`, a fresh module of a kind of the boundary space
(tools/space/modules.py), evaluated as written (the page shows the same text). Before the call
the module has run forward and backward once, so every trainable parameter has a gradient, and
`opt`, an SGD optimizer with momentum built on `m.parameters()`, has stepped once, so it has
state. Names an expression may use besides `m`, `opt`, `torch` and `copy`:

- `x`: an input for `m` (tools.space.modules.example);
- `snapshot` / `snapshot_vars`: the state dict (without / with `keep_vars=True`) of a fresh module
  of the same kind with its own memory on the CPU (for the kind built on `meta`: built on the CPU);
- `first(m)` / `first_name(m)`: the first submodule of `m` that has a weight, and its name;
- `reset`: a function for `apply` that calls a submodule's `reset_parameters()` where it has one;
- `swapping(f)` / `overwriting(f)`: f() run with torch.__future__'s
  swap_module_params_on_conversion / overwrite_module_params_on_conversion on, then off again;
- `DistributedDataParallel` (in a gloo process group of world size 1 in this process).

What is measured (FIELDS), each True, False, "some" (true of some of the tensors it is about,
the names of the others in the row's "which"), or None with the reason in the row's "why":

- the holder: the call's value where it is a module (unwrapped from DistributedDataParallel or
  torch.compile) or a state dict (names to tensors); else the module the call was applied to;
- parameters_same_object / buffers_same_object: each parameter / buffer the module held before
  is the same Python object in the holder (found there as the same object, else by its name; one
  the holder leaves out, a non-persistent buffer in a state dict, is listed in "missing");
- ties_kept: parameters tied before (one object under two names) are one object in the holder
  (in a state dict: tensors over the same memory); None where the module has no ties;
- returns_itself: the call's value is the object whose method it calls (`m`, or `opt`);
- shares_memory_with_source: the tensors in the call's value (where it holds none: the holder's,
  or for a call on `opt` the optimizer's parameters and state) share memory with the parameters,
  buffers or optimizer state held before (None where they are all on meta: no memory to share);
- requires_grad_kept: each parameter's requires_grad in the holder is what it was;
- grads_kept: each parameter that had a gradient has one in the holder with the same values (to
  the new dtype's precision; None on a module built on `meta`, which had no values);
- optimizer_still_updates: `opt`, built before the call, still moves the weights of the module
  after it (the module the call returns, unless that is `m` or a part of it; else `m`): after
  `opt.zero_grad()` and a gradient of ones on each parameter that requires grad (a training
  step), `opt.step()` changes it.
"""

from __future__ import annotations

import copy
import re
import warnings
from collections.abc import Mapping
from dataclasses import dataclass

import torch
from torch import nn

from tools.space.modules import KINDS, ModuleKind, unwrap

FIELDS = (
    "parameters_same_object",
    "buffers_same_object",
    "ties_kept",
    "returns_itself",
    "shares_memory_with_source",
    "requires_grad_kept",
    "grads_kept",
    "optimizer_still_updates",
)


@dataclass(frozen=True)
class Call:
    expr: str  # the Python expression applied to m, run as written
    family: str  # where the page lists it (module-atlas.yml "families")
    covers: tuple[str, ...]  # the public methods it exercises, "Module.to", "Optimizer.step"
    needs: str | None = None  # hardware this machine lacks: a key of "needs" in module-atlas.yml
    only: tuple[str, ...] | None = None  # the module kinds it applies to (None: every kind)
    heavy: bool = False  # compiles or starts a process group: `make module-atlas` only

    @property
    def receiver(self) -> str:
        return "opt" if self.expr.startswith("opt.") else "m"


def _c(expr, family, *covers, **options) -> Call:
    return Call(expr, family, covers, **options)


M, OPT = "Module", "Optimizer"
CALLS: tuple[Call, ...] = (
    # The to family, with each kind of argument.
    _c("m.to(torch.float64)", "to", f"{M}.to"),
    _c("m.to(torch.float32)", "to", f"{M}.to"),
    _c("m.to(torch.float16)", "to", f"{M}.to"),
    _c("m.to(torch.complex64)", "to", f"{M}.to"),
    _c('m.to("cpu")', "to", f"{M}.to"),
    _c('m.to(torch.device("cpu"), torch.float64)', "to", f"{M}.to"),
    _c('m.to("meta")', "to", f"{M}.to"),
    _c("m.to(memory_format=torch.channels_last)", "to", f"{M}.to"),
    _c('m.to("cpu", non_blocking=True)', "to", f"{M}.to"),
    _c("m.to(torch.zeros((), dtype=torch.float64))", "to", f"{M}.to"),
    _c('m.to("cpu", copy=True)', "to", f"{M}.to"),
    _c("swapping(lambda: m.to(torch.float64))", "to", f"{M}.to"),
    _c("overwriting(lambda: m.to(torch.float64))", "to", f"{M}.to"),
    _c('m.to("cuda")', "to", f"{M}.to", needs="cuda"),
    _c('m.to("cuda", non_blocking=True)', "to", f"{M}.to", needs="cuda"),
    _c("m.half()", "to", f"{M}.half"),
    _c("m.float()", "to", f"{M}.float"),
    _c("m.double()", "to", f"{M}.double"),
    _c("m.bfloat16()", "to", f"{M}.bfloat16"),
    _c("m.type(torch.float64)", "to", f"{M}.type"),
    _c("m.cpu()", "to", f"{M}.cpu"),
    _c("m.cuda()", "to", f"{M}.cuda", needs="cuda"),
    _c("m.xpu()", "to", f"{M}.xpu", needs="xpu"),
    _c("m.mtia()", "to", f"{M}.mtia", needs="mtia"),
    _c("m.ipu()", "to", f"{M}.ipu", needs="ipu"),
    # Memory given to the module, or made shareable.
    _c('m.to_empty(device="cpu")', "memory", f"{M}.to_empty"),
    _c('m.to_empty(device="meta")', "memory", f"{M}.to_empty"),
    _c('swapping(lambda: m.to_empty(device="cpu"))', "memory", f"{M}.to_empty"),
    _c("m.share_memory()", "memory", f"{M}.share_memory"),
    # Flags and state changed in place.
    _c("m.requires_grad_(False)", "flags", f"{M}.requires_grad_"),
    _c("m.requires_grad_(True)", "flags", f"{M}.requires_grad_"),
    _c("m.zero_grad()", "flags", f"{M}.zero_grad"),
    _c("m.zero_grad(set_to_none=False)", "flags", f"{M}.zero_grad"),
    _c("m.train()", "flags", f"{M}.train"),
    _c("m.eval()", "flags", f"{M}.eval"),
    _c("m.apply(reset)", "flags", f"{M}.apply"),
    # State dicts.
    _c("m.state_dict()", "state", f"{M}.state_dict"),
    _c("m.state_dict(keep_vars=True)", "state", f"{M}.state_dict"),
    _c("m.load_state_dict(snapshot)", "state", f"{M}.load_state_dict"),
    _c("m.load_state_dict(snapshot, assign=True)", "state", f"{M}.load_state_dict"),
    _c("m.load_state_dict(snapshot_vars, assign=True)", "state", f"{M}.load_state_dict"),
    _c("m.load_state_dict(m.state_dict(), assign=True)", "state", f"{M}.load_state_dict"),
    _c(
        "swapping(lambda: m.load_state_dict(snapshot, assign=True))",
        "state",
        f"{M}.load_state_dict",
    ),  # fmt: skip
    _c("m.load_state_dict(snapshot, strict=False)", "state", f"{M}.load_state_dict"),
    _c("m.load_state_dict({}, strict=False)", "state", f"{M}.load_state_dict"),
    _c("m.load_state_dict({})", "state", f"{M}.load_state_dict"),
    # Copies and wrappers.
    _c("copy.deepcopy(m)", "copies", "copy.deepcopy"),
    _c("copy.copy(m)", "copies", "copy.copy"),
    _c("torch.compile(m)", "copies", "torch.compile", heavy=True),
    _c("m.compile()", "copies", f"{M}.compile", heavy=True),
    _c("DistributedDataParallel(m)", "copies", "DistributedDataParallel", heavy=True),
    _c("torch.func.functional_call(m, snapshot, (x,))", "copies", "torch.func.functional_call"),
    # Registration: of tensors, of submodules, of a parametrization.
    _c(
        'm.register_parameter("extra", torch.nn.Parameter(torch.zeros(3)))',
        "register",
        f"{M}.register_parameter",
    ),  # fmt: skip
    _c('m.register_buffer("extra", torch.zeros(3))', "register", f"{M}.register_buffer"),
    _c(
        'm.register_buffer("extra", torch.zeros(3), persistent=False)',
        "register",
        f"{M}.register_buffer",
    ),  # fmt: skip
    _c(
        'm.register_module("extra", torch.nn.Linear(2, 2))',
        "register",
        f"{M}.register_module",
        f"{M}.add_module",
    ),  # fmt: skip
    _c(
        "m.set_submodule(first_name(m), torch.nn.Linear(4, 4))", "register", f"{M}.set_submodule"
    ),  # fmt: skip
    _c(
        "torch.nn.utils.parametrize.register_parametrization("
        'first(m), "weight", torch.nn.Identity())',
        "register",
        "parametrize.register_parametrization",
    ),  # fmt: skip
    _c(
        'torch.nn.utils.parametrize.remove_parametrizations(first(m), "weight")',
        "register",
        "parametrize.remove_parametrizations",
        only=("parametrized",),
    ),  # fmt: skip
    # The optimizer.
    _c("torch.optim.SGD(m.parameters(), lr=0.1)", "optimizer", f"{OPT}.__init__"),
    _c("torch.optim.Adam(m.parameters())", "optimizer", f"{OPT}.__init__"),
    _c("opt.state_dict()", "optimizer", f"{OPT}.state_dict"),
    _c("opt.load_state_dict(opt.state_dict())", "optimizer", f"{OPT}.load_state_dict"),
    _c(
        "opt.load_state_dict(copy.deepcopy(opt.state_dict()))",
        "optimizer",
        f"{OPT}.load_state_dict",
    ),  # fmt: skip
    _c(
        'opt.add_param_group({"params": [torch.nn.Parameter(torch.zeros(3))]})',
        "optimizer",
        f"{OPT}.add_param_group",
    ),  # fmt: skip
    _c(
        'opt.add_param_group({"params": list(m.parameters())})',
        "optimizer",
        f"{OPT}.add_param_group",
    ),  # fmt: skip
    _c("opt.zero_grad()", "optimizer", f"{OPT}.zero_grad"),
    _c("opt.step()", "optimizer", f"{OPT}.step"),
)


def row_id(call: str, module: str | None) -> str:
    return f"{call} @ {module}"


def anchor(call: str) -> str:
    """The call's line on the page: `#call-` and the expression with every run of other
    characters than letters and digits written as one hyphen."""
    return "call-" + re.sub(r"[^A-Za-z0-9]+", "-", call).strip("-")


def applies(call: Call, kind: ModuleKind) -> bool:
    return call.only is None or kind.name in call.only


# -- the names an expression may use ---------------------------------------------------------------


def _has_weight(module: nn.Module) -> bool:
    return "weight" in dict(module.named_parameters(recurse=False)) or (
        nn.utils.parametrize.is_parametrized(module, "weight")
    )


def first_name(m: nn.Module) -> str:
    return next(name for name, sub in m.named_modules() if _has_weight(sub))


def first(m: nn.Module) -> nn.Module:
    return m.get_submodule(first_name(m))


def _future(flag: str):
    """A function that runs its argument with torch.__future__'s `flag` on
    (set_<flag>_module_params_on_conversion(True)) and sets it back."""

    def run(call):
        get = getattr(torch.__future__, f"get_{flag}_module_params_on_conversion")
        put = getattr(torch.__future__, f"set_{flag}_module_params_on_conversion")
        before = get()
        put(True)
        try:
            return call()
        finally:
            put(before)

    return run


swapping, overwriting = _future("swap"), _future("overwrite")


def reset(module: nn.Module) -> None:
    if hasattr(module, "reset_parameters"):
        module.reset_parameters()


def namespace(call: Call, kind: ModuleKind, m: nn.Module, opt, x) -> dict:
    names = {"m": m, "opt": opt, "x": x, "torch": torch, "copy": copy, "first": first,
             "first_name": first_name, "reset": reset, "swapping": swapping,
             "overwriting": overwriting}  # fmt: skip
    if "snapshot" in call.expr:
        twin = kind.cpu_twin()
        names["snapshot"] = twin.state_dict()
        names["snapshot_vars"] = twin.state_dict(keep_vars=True)
    if "DistributedDataParallel" in call.expr:
        from tools.space.modules import process_group

        process_group()
        names["DistributedDataParallel"] = nn.parallel.DistributedDataParallel
    return names


# -- before and after ------------------------------------------------------------------------------


def _storage(t: torch.Tensor) -> tuple[int, int] | None:
    if t.is_meta:
        return None
    storage = t.untyped_storage()
    return storage.data_ptr(), storage.nbytes()


def tensors_in(value) -> list[torch.Tensor]:
    """Every tensor a value holds: a module's parameters and buffers, an optimizer's parameters and
    state, the values of a mapping or sequence, a tensor itself."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, nn.Module):
        return [*value.parameters(), *value.buffers()]
    if isinstance(value, torch.optim.Optimizer):
        params = [p for group in value.param_groups for p in group["params"]]
        return params + tensors_in(list(value.state.values()))
    if isinstance(value, Mapping):
        return [t for item in value.values() for t in tensors_in(item)]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in tensors_in(item)]
    return []


class Before:
    """What the module and its optimizer held before the call (references kept, so that no memory
    they used is handed to a tensor made by the call)."""

    def __init__(self, m: nn.Module, opt: torch.optim.Optimizer):
        inner = unwrap(m)
        self.params = dict(inner.named_parameters(remove_duplicate=False))
        self.buffers = dict(inner.named_buffers(remove_duplicate=False))
        groups: dict[int, list[str]] = {}
        for name, p in self.params.items():
            groups.setdefault(id(p), []).append(name)
        self.ties = [names for names in groups.values() if len(names) > 1]
        self.requires = {name: p.requires_grad for name, p in self.params.items()}
        self.grads = {
            n: p.grad.detach().clone() for n, p in self.params.items() if p.grad is not None
        }
        self.kept = [*self.params.values(), *self.buffers.values(), *tensors_in(opt)]
        self.meta = any(t.is_meta for t in self.kept)
        self.storages = [s for s in map(_storage, self.kept) if s]
        # The storages themselves, alive: a call that gives a parameter new data in place
        # (`param.data = converted`) frees the old memory, which a tensor made next could get.
        self.memory = [t.untyped_storage() for t in self.kept if not t.is_meta]


def _named(holder, before: Before | None = None) -> dict[str, torch.Tensor]:
    if isinstance(holder, torch.optim.Optimizer):  # its parameters and state, by their names
        names = {id(p): n for n, p in reversed((before.params if before else {}).items())}
        named = {}
        for group in holder.param_groups:
            for p in group["params"]:
                name = names.get(id(p), "new")
                named[name] = p
                for key, t in holder.state.get(p, {}).items():
                    if isinstance(t, torch.Tensor):
                        named[f"{name}: {key}"] = t
        return named
    if isinstance(holder, nn.Module):
        named = dict(holder.named_parameters(remove_duplicate=False))
        named.update(holder.named_buffers(remove_duplicate=False))
        return named
    return dict(holder)


def _resolve(name: str, obj: torch.Tensor, named: dict, ids: set[int]) -> torch.Tensor | None:
    return obj if id(obj) in ids else named.get(name)


def tri(values: list[bool]):
    if not values:
        return None
    if all(values):
        return True
    return False if not any(values) else "some"


def _overlaps(t: torch.Tensor, storages: list[tuple[int, int]]) -> bool:
    mine = _storage(t)
    if mine is None or mine[1] == 0:
        return False
    start, size = mine
    return any(start < s + n and s < start + size for s, n in storages)


def _close(after: torch.Tensor, before: torch.Tensor) -> bool:
    if after.shape != before.shape:
        return False
    if after.is_meta:  # the values are gone
        return False
    wide = torch.complex128
    return torch.allclose(after.detach().cpu().to(wide), before.to(wide), rtol=1e-2, atol=1e-2)


def _is_state_dict(value) -> bool:
    return isinstance(value, Mapping) and bool(value) and all(
        isinstance(k, str) and isinstance(v, torch.Tensor) for k, v in value.items()
    )  # fmt: skip


class Row:
    def __init__(self, call: Call, kind: str | None):
        self.data: dict = {"call": call.expr, "module": kind, "family": call.family}
        self.why: dict[str, str] = {}
        self.which: dict[str, list[str]] = {}

    def set(self, field: str, values: dict[str, bool] | bool | None, why: str | None = None):
        """A field from one value, or from a value per name (True/False/"some"; the names
        that are not the majority's answer in "which")."""
        if isinstance(values, dict):
            value = tri(list(values.values()))
            if value == "some":
                self.which[field] = sorted(n for n, v in values.items() if not v)
        else:
            value = values
        self.data[field] = value
        if value is None or why:
            self.why[field] = why or "not-measured"

    def done(self) -> dict:
        if self.why:
            self.data["why"] = self.why
        if self.which:
            self.data["which"] = self.which
        return self.data


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}".strip()


def unmeasured(call: Call) -> dict:
    """A call this machine cannot make: every field None, with the hardware it needs."""
    row = Row(call, None)
    for field in FIELDS:
        row.set(field, None, "needs-hardware")
    row.data["needs"] = call.needs
    return row.done()


def prepare(kind: ModuleKind):
    """A fresh module of the kind after one forward and backward (the loss: the sum of the
    output's elements and of their squares, so that no gradient is zero by symmetry), and an SGD
    optimizer (with momentum) on its parameters after one step."""
    m = kind.build()
    x = kind.example(m)
    out = m(x).float()
    (out.pow(2).sum() + out.sum()).backward()
    opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
    opt.step()
    return m, opt, x


def measure(call: Call, kind: ModuleKind) -> dict:
    m, opt, x = prepare(kind)
    before = Before(m, opt)
    names = namespace(call, kind, m, opt, x)
    row = Row(call, kind.name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = eval(call.expr, names)  # noqa: S307 - the project's own expressions
        except Exception as error:  # a call that raises is a measurement too
            row.data["raises"] = _first_line(error)
            for field in FIELDS:
                row.set(field, None, "raised")
            return row.done()
    seen = [_first_line(w.message) for w in caught if not issubclass(w.category, FutureWarning)]
    if seen:
        row.data["warns"] = seen[0]
    row.data["returns"] = type(value).__name__
    # A module the call returns is the holder unless it is m or one of m's submodules.
    new_module = isinstance(value, nn.Module) and all(value is not s for s in m.modules())
    module = unwrap(value) if new_module else unwrap(m)
    holder = value if _is_state_dict(value) else module
    named = _named(holder)
    ids = {id(t) for t in named.values()}
    missing: list[str] = []

    # A wrapper's state dict names each tensor with the wrapper's prefix ("module.", "_orig_mod.").
    prefix = next(name + "." for name, sub in m.named_modules() if sub is unwrap(m)).lstrip(".")

    def found(source: dict) -> dict[str, torch.Tensor]:
        out = {}
        for name, obj in source.items():
            t = _resolve(name, obj, named, ids)
            if t is None and state_dict:
                t = named.get(prefix + name)
            if t is None:
                missing.append(name)
            else:
                out[name] = t
        return out

    state_dict = _is_state_dict(value)
    row.data["holder"] = "state-dict" if state_dict else "new-module" if new_module else "m"
    params, buffers = found(before.params), found(before.buffers)
    row.set("parameters_same_object", {n: t is before.params[n] for n, t in params.items()})
    if not before.buffers:
        row.set("buffers_same_object", None, "no-buffers")
    elif not buffers:
        row.set("buffers_same_object", None, "buffers-left-out")
    else:
        row.set("buffers_same_object", {n: t is before.buffers[n] for n, t in buffers.items()})
    if missing:
        row.data["missing"] = sorted(missing)
    _ties(row, before, params, holder)
    receiver = opt if call.receiver == "opt" else m
    row.set("returns_itself", value is receiver)
    _shares(row, before, value, opt if call.receiver == "opt" else holder)
    row.set(
        "requires_grad_kept", {n: t.requires_grad == before.requires[n] for n, t in params.items()}
    )
    grads = {n: params.get(n) is not None and params[n].grad is not None for n in before.grads}
    if before.meta and any(grads.values()):
        row.set("grads_kept", None, "meta-no-values")
    else:
        row.set("grads_kept", {n: grads[n] and _close(params[n].grad, g)
                               for n, g in before.grads.items()})  # fmt: skip
    _optimizer(row, opt, module)
    return row.done()


def _ties(row: Row, before: Before, params: dict, holder) -> None:
    if not before.ties:
        row.set("ties_kept", None, "no-ties")
        return
    kept = {}
    for names in before.ties:
        tensors = [params.get(n) for n in names]
        if any(t is None for t in tensors):
            kept[names[0]] = False
        elif all(t is tensors[0] for t in tensors):
            kept[names[0]] = True
        elif isinstance(holder, Mapping) and any(t.is_meta for t in tensors):
            row.set("ties_kept", None, "meta-no-memory")
            return
        else:
            same = {(_storage(t), t.storage_offset(), t.shape, t.stride()) for t in tensors}
            kept[names[0]] = isinstance(holder, Mapping) and len(same) == 1
    row.set("ties_kept", kept)


def _shares(row: Row, before: Before, value, holder) -> None:
    if before.meta:
        row.set("shares_memory_with_source", None, "meta-before")
        return
    tensors = tensors_in(value) or tensors_in(holder)
    if not tensors:
        row.set("shares_memory_with_source", None, "no-tensors")
        return
    if all(t.is_meta for t in tensors):  # moved to meta: no memory, so none new either
        row.set("shares_memory_with_source", None, "meta-no-memory")
        return
    shared = {str(i): _overlaps(t, before.storages) for i, t in enumerate(tensors)}
    value_ = tri(list(shared.values()))
    row.set("shares_memory_with_source", value_)
    if value_ == "some":  # by name where the holder names them
        by_name = {n: _overlaps(t, before.storages) for n, t in _named(holder, before).items()}
        row.which["shares_memory_with_source"] = sorted(n for n, v in by_name.items() if not v)


def _optimizer(row: Row, opt: torch.optim.Optimizer, module: nn.Module) -> None:
    trainable = [(n, p) for n, p in module.named_parameters() if p.requires_grad]
    if any(p.is_meta for _, p in trainable):
        row.set("optimizer_still_updates", None, "meta-after")
        return
    if not trainable:
        row.set("optimizer_still_updates", False, "nothing-requires-grad")
        return
    values = {n: p.detach().clone() for n, p in trainable}
    opt.zero_grad()  # as a training step does: only the gradients backward gives count
    for _, p in trainable:
        p.grad = torch.ones_like(p)
    try:
        opt.step()
    except Exception as error:
        row.data["step_raises"] = _first_line(error)
        row.set("optimizer_still_updates", False, "step-raised")
        return
    row.set("optimizer_still_updates", {n: not _same_bits(p, values[n]) for n, p in trainable})


def _same_bits(a: torch.Tensor, b: torch.Tensor) -> bool:
    """The same bytes: memory that to_empty() left uninitialised may hold NaN, which
    torch.equal never finds equal to itself (the row then said a step moved the weight)."""
    return torch.equal(
        a.detach().contiguous().view(torch.uint8), b.detach().contiguous().view(torch.uint8)
    )


def measure_all(calls=CALLS, kinds=None, heavy: bool = True) -> list[dict]:
    kinds = list(KINDS.values()) if kinds is None else kinds
    rows = []
    for call in calls:
        if call.needs:
            rows.append(unmeasured(call))
            continue
        for kind in kinds:
            if applies(call, kind) and (heavy or not (call.heavy or kind.heavy)):
                rows.append(measure(call, kind))
    return rows


# The public methods with no row, each with the reason (a key of "excluded.*" in
# text/<language>/module-atlas.yml): tests/test_module_atlas.py fails on a public method of the
# installed torch that is neither covered by a call nor listed here.
_READS = ("buffers", "children", "modules", "named_buffers", "named_children", "named_modules",
          "named_parameters", "parameters", "get_buffer", "get_parameter", "get_submodule",
          "extra_repr")  # fmt: skip
_HOOKS = ("register_backward_hook", "register_forward_hook", "register_forward_pre_hook",
          "register_full_backward_hook", "register_full_backward_pre_hook",
          "register_load_state_dict_post_hook", "register_load_state_dict_pre_hook",
          "register_state_dict_post_hook", "register_state_dict_pre_hook")  # fmt: skip
EXCLUDED: dict[str, str] = {
    **{f"{M}.{name}": "reads" for name in _READS},
    **{f"{M}.{name}": "hooks" for name in _HOOKS},
    f"{M}.forward": "forward",
    f"{M}.get_extra_state": "extra-state",
    f"{M}.set_extra_state": "extra-state",
    **{
        f"{OPT}.{name}": "hooks"
        for name in (*_HOOKS[5:], "register_step_post_hook", "register_step_pre_hook")
    },  # fmt: skip
    f"{OPT}.OptimizerPreHook": "hook-types",
    f"{OPT}.OptimizerPostHook": "hook-types",
    f"{OPT}.profile_hook_step": "profiling",
}


def public_methods() -> list[str]:
    """Every public callable of nn.Module and torch.optim.Optimizer in the installed torch."""
    found = []
    for prefix, cls in ((M, nn.Module), (OPT, torch.optim.Optimizer)):
        found += [f"{prefix}.{name}" for name in dir(cls)
                  if not name.startswith("_") and callable(getattr(cls, name))]  # fmt: skip
    return sorted(found)
