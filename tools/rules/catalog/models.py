"""The rules docs/models.md states (statements and conditions: text/<language>/rules.yml).

Two ways a rule here reaches its facts about calls on a module. Those marked "atlas" run over the
`module-call` dimension: the module atlas's committed rows (docs/generated/module-atlas.json,
read through `tools.generate.module_atlas.rows()`), one per call and module kind, every kind
included; the predicate reads the row `make module-atlas` measured. Those marked "measured"
build the module kinds of tools/space/modules.py (the `module` dimension, with `conversion` for
the `Module.to` family, or `mode` for grad modes) and measure the call themselves.
"""

from __future__ import annotations

import copy
import io

import numpy as np
import torch

from tools.rules.catalog.edges import NUMPY_DTYPES
from tools.rules.core import Outcome, Rule, check, failed, held, raised
from tools.rules.probes import real_loss, share_memory
from tools.space.modules import example


def _named(module, kind: str) -> dict:
    found = module.named_parameters if kind == "parameters" else module.named_buffers
    return dict(found(remove_duplicate=False))


def _tied(module) -> list[list[str]]:
    """Names of the parameters that are one object under several names."""
    groups: dict[int, list[str]] = {}
    for name, param in _named(module, "parameters").items():
        groups.setdefault(id(param), []).append(name)
    return [names for names in groups.values() if len(names) > 1]


def keeps_parameters(case):
    model, call = case.build()
    before = _named(model, "parameters")
    returned = call(model)
    after = _named(returned, "parameters")
    kept = [name for name in before if after.get(name) is before[name]]
    return check(
        returned is model and len(kept) == len(before),
        "parameters_kept",
        "parameters_replaced",
        replaced=len(before) - len(kept),
        count=len(before),
    )


def replaces_converted_buffers(case):
    model, call = case.build()
    before = {n: b for n, b in _named(model, "buffers").items() if b.is_floating_point()}
    call(model)
    after = _named(model, "buffers")
    new = [name for name in before if after[name] is not before[name]]
    return check(
        len(new) == len(before), "buffers_replaced", "buffers_kept", count=len(before) - len(new)
    )


def keeps_ties(case):
    model, call = case.build()
    groups = _tied(model)
    returned = call(model)
    after = _named(returned, "parameters")
    untied = [names for names in groups if len({id(after[n]) for n in names}) > 1]
    return check(not untied, "ties_kept", "ties_lost", names=", ".join(untied[0]) if untied else "")


def deepcopy_shares_nothing(case):
    model = case.build()
    twin = copy.deepcopy(model)
    tensors = {**_named(model, "parameters"), **_named(model, "buffers")}
    copies = {**_named(twin, "parameters"), **_named(twin, "buffers")}
    shared = [n for n in tensors if copies[n] is tensors[n] or share_memory(copies[n], tensors[n])]
    untied = [names for names in _tied(model) if len({id(copies[n]) for n in names}) > 1]
    return check(
        not shared and not untied,
        "deepcopy_independent",
        "deepcopy_shares",
        names=", ".join(shared or (untied[0] if untied else [])),
    )


def deepcopy_state_dict_ties(case):
    model = case.build()
    snapshot = copy.deepcopy(model.state_dict())
    untied = [
        names
        for names in _tied(model)
        if len({snapshot[n].untyped_storage()._cdata for n in names}) > 1
    ]
    return check(not untied, "ties_kept", "ties_lost", names=", ".join(untied[0]) if untied else "")


def state_dict_is_live(case):
    model = case.build()
    live = {**_named(model, "parameters"), **_named(model, "buffers")}
    entries = model.state_dict()
    snapshot = [n for n, t in entries.items() if n in live and not share_memory(t, live[n])]
    if not entries:
        return held("state_dict_live")
    return check(not snapshot, "state_dict_live", "state_dict_copied", names=", ".join(snapshot))


# --- atlas: predicates on a row of the module atlas (a `module-call` case) ---------------------


def atlas(predicate):
    """A predicate on an atlas row; a row where the call raised is what happened (the error's type
    and the first line of its message, as the atlas recorded them)."""

    def on_row(case):
        raises = case["raises"]
        if raises:
            error, _, message = raises.partition(": ")
            return Outcome(False, "raised", {"error": error, "message": message[:160]})
        return predicate(case)

    on_row.__name__ = predicate.__name__
    on_row.__doc__ = predicate.__doc__
    return on_row


@atlas
def keeps_parameters_and_optimizer(case):
    """atlas: the call keeps the Parameter objects, and the optimizer built before still updates
    them (`load_state_dict(snapshot)`; any call under swap_module_params_on_conversion)."""
    row = case.build()
    return check(
        row["parameters_same_object"] is True and row["optimizer_still_updates"] is True,
        "parameters_kept_optimizer_updates",
        "parameters_or_optimizer_lost",
        parameters=row["parameters_same_object"],
        optimizer=row["optimizer_still_updates"],
    )


@atlas
def assign_replaces_parameters(case):
    """atlas: `assign=True` replaces every Parameter object; the optimizer stops updating."""
    row = case.build()
    return check(
        row["parameters_same_object"] is False and row["optimizer_still_updates"] is not True,
        "parameters_replaced_optimizer_stops",
        "parameters_or_optimizer_kept",
        parameters=row["parameters_same_object"],
        optimizer=row["optimizer_still_updates"],
    )


def _holds_parameters(call: str) -> bool:
    """The state dict the call loads holds Parameter objects (`state_dict(keep_vars=True)`)."""
    return "snapshot_vars" in call or "keep_vars=True" in call


@atlas
def assign_ties_only_from_parameters(case):
    """atlas: after `assign=True` the ties are kept exactly when the state dict held Parameters."""
    row = case.build()
    kept = row["ties_kept"] is True
    return check(
        kept == _holds_parameters(row["call"]),
        "ties_kept" if kept else "ties_lost_tensors",
        "ties_kept" if kept else "ties_lost_tensors",
        names="",
    )


@atlas
def replaced_parameters_leave_optimizer(case):
    """atlas: where a call on the model replaces some or all of its Parameter objects, an
    optimizer built before no longer moves the replaced ones (a row's "which" names the
    parameters of which a "some" field is not true)."""
    row = case.build()
    which = row.get("which", {})
    updates = row["optimizer_still_updates"]
    replaced = set(which.get("parameters_same_object", ()))
    stopped = set(which.get("optimizer_still_updates", ()))
    return check(
        updates is False or (updates == "some" and replaced <= stopped),
        "optimizer_stops",
        "optimizer_updates",
        parameters=row["parameters_same_object"],
    )


@atlas
def deepcopy_leaves_optimizer(case):
    """atlas: the optimizer built before does not move a copy's weights."""
    row = case.build()
    return check(
        row["optimizer_still_updates"] is False,
        "optimizer_stops",
        "optimizer_updates",
        parameters=row["parameters_same_object"],
    )


@atlas
def optimizer_load_aliases(case):
    """atlas: `opt.load_state_dict(state)` keeps the state's tensors themselves (they share memory
    with the state it had), unless the state was deep-copied first."""
    row = case.build()
    aliased = row["shares_memory_with_source"] is True
    return check(
        aliased == ("deepcopy" not in row["call"]),
        "state_aliased" if aliased else "state_copied",
        "state_aliased" if aliased else "state_copied",
    )


@atlas
def keep_vars_returns_parameters(case):
    """atlas: `state_dict(keep_vars=True)` holds the Parameter objects with their requires_grad;
    `state_dict()` holds detached tensors over the same memory, requires_grad off."""
    row = case.build()
    keep = "keep_vars=True" in row["call"]
    same, shares, flags = (
        row["parameters_same_object"],
        row["shares_memory_with_source"],
        row["requires_grad_kept"],
    )
    # Without keep_vars every entry has requires_grad off: "kept" only for a frozen parameter.
    ok = (same is True and flags is True) if keep else (same is False and flags is not True)
    return check(
        ok and shares is True,
        "state_dict_entries_as_stated",
        "state_dict_entries_differ",
        parameters=same,
        shares=shares,
        flags=flags,
    )


@atlas
def overwrite_makes_new_parameters(case):
    """atlas: under overwrite_module_params_on_conversion `.to()` makes new Parameter objects,
    unties tied ones, and the optimizer built before no longer updates the model."""
    row = case.build()
    return check(
        row["parameters_same_object"] is False
        and row["optimizer_still_updates"] is not True
        and row["ties_kept"] is not True,
        "parameters_replaced_optimizer_stops",
        "parameters_or_optimizer_kept",
        parameters=row["parameters_same_object"],
        optimizer=row["optimizer_still_updates"],
    )


# --- measured: module kinds, tensors, indices and grad modes ------------------------------------


def _twin_snapshot(kind: str):
    """The state dict of a fresh module of the same kind with memory on the CPU."""
    from tools.space.modules import KINDS

    return KINDS[kind].cpu_twin().state_dict()


def assign_uses_given_tensors(case):
    """measured: after `load_state_dict(snapshot, assign=True)` every parameter shares memory with
    its snapshot entry and every persistent buffer is the snapshot's tensor itself."""
    model = case.build()
    snapshot = _twin_snapshot(case["kind"])
    model.load_state_dict(snapshot, assign=True)
    params = _named(model, "parameters")
    buffers = _named(model, "buffers")
    apart = [n for n, t in params.items() if n in snapshot and not share_memory(t, snapshot[n])]
    apart += [n for n, t in buffers.items() if n in snapshot and t is not snapshot[n]]
    return check(not apart, "uses_given_tensors", "not_given_tensors", names=", ".join(apart))


def averaged_model_tracks_buffers(case):
    """measured: `AveragedModel(m, use_buffers=True)` averages every floating-point buffer (and
    parameter) with the student's: after a first update and a change of +1 to every student
    tensor, a second update leaves each at its first value + 0.5."""
    from torch.optim.swa_utils import AveragedModel

    student = case.build()
    average = AveragedModel(student, use_buffers=True)
    average.update_parameters(student)
    first = {
        n: t.detach().clone()
        for n, t in {**_named(student, "parameters"), **_named(student, "buffers")}.items()
        if t.is_floating_point()
    }
    with torch.no_grad():
        for t in [*student.parameters(), *student.buffers()]:
            if t.is_floating_point():
                t.add_(1)
    average.update_parameters(student)
    now = {**_named(average.module, "parameters"), **_named(average.module, "buffers")}
    off = [n for n, t in first.items() if not torch.allclose(now[n], t + 0.5)]
    return check(not off, "averaged_all", "not_averaged", names=", ".join(off))


def ema_update_deepcopies(case):
    """measured: an EMA updated as shadow = decay * shadow + (1 - decay) * p under a grad mode,
    then copy.deepcopy of the shadow tensors."""
    model, mode = case.build()
    shadow = {n: p.detach().clone() for n, p in model.named_parameters()}
    with mode:
        for name, param in model.named_parameters():
            shadow[name] = 0.9 * shadow[name] + 0.1 * param
    try:
        copy.deepcopy(shadow)
    except RuntimeError as error:
        return raised(error)
    return held("deepcopy_ran")


def save_writes_whole_storage(case):
    """measured: torch.save of a tensor, loaded back: the loaded storage has all the bytes of the
    storage the tensor viewed."""
    source = case.build()
    buffer = io.BytesIO()
    torch.save(source, buffer)
    buffer.seek(0)
    loaded = torch.load(buffer, weights_only=False)
    saved, whole = loaded.untyped_storage().nbytes(), source.untyped_storage().nbytes()
    return check(saved == whole, "whole_storage_saved", "part_saved", saved=saved, whole=whole)


def _basic_index(case) -> bool:
    """What the page calls basic indexing: an integer, a slice, None, Ellipsis, a tuple of these,
    or a 0-d tensor of an integer dtype other than uint8."""
    if case["kind"] in ("int", "slice", "none", "ellipsis", "tuple"):
        return True
    return case["kind"] == "zero_d" and case["dtype"] in _INDEX_INTEGERS


_INDEX_INTEGERS = ("int8", "int16", "int32", "int64", "uint16", "uint32", "uint64")


def _accepted_index(case) -> bool:
    """An index PyTorch accepts: a tensor with dimensions only of int64, int32, uint8 or bool
    (others raise IndexError), a 0-d tensor of those or of any other integer dtype."""
    if case["kind"] == "tensor":
        return case["dtype"] in ("int64", "int32", "uint8", "bool")
    if case["kind"] == "zero_d":
        return case["dtype"] in (*_INDEX_INTEGERS, "uint8", "bool")
    return True


def chained_write_reaches(case):
    """measured: `a[index][...] = 1` on a 3 x 4 float tensor of zeros reaches `a` exactly when
    the first step is basic indexing (the page's classification)."""
    index = case.build()
    a = torch.zeros(3, 4)
    step = a[index]
    step[...] = 1
    reached = bool(a.any())
    return check(
        reached == _basic_index(case),
        "write_reached" if reached else "write_lost",
        "write_reached" if reached else "write_lost",
    )


def _first(array):
    return (0,) * array.ndim


def outside_write_uncounted(case):
    """measured: a write through a NumPy array over the tensor's memory (`t.detach().numpy()`)
    changes the tensor and leaves its version counter where it was."""
    source = case.build()
    array = source.detach().numpy()
    before = source._version
    where = _first(array)
    array[where] = (not array[where]) if array.dtype == np.bool_ else array[where] + 1
    changed = bool(source.detach()[where] == torch.from_numpy(np.asarray(array[where])))
    return check(
        changed and source._version == before,
        "write_seen_not_counted",
        "write_counted_or_lost",
        version=source._version - before,
    )


def dlpack_refuses(case):
    """measured: exporting a tensor through `__dlpack__` (what torch.from_dlpack and
    numpy.from_dlpack call): refused with a BufferError?"""
    source = case.build()
    try:
        np.from_dlpack(source)
    except BufferError as error:
        return raised(error, held_=True)
    return failed("exported")


_TARGETS = {
    "to_float64": torch.float64,
    "double": torch.float64,
    "to_float16": torch.float16,
    "half": torch.float16,
    "to_bfloat16": torch.bfloat16,
}


def converts_only_floating(case):
    """measured: after a dtype conversion every floating-point parameter and buffer has the new
    dtype, every integer buffer its old one, and a plain tensor attribute is left as it was."""
    model, call = case.build()
    model.plain_attribute = torch.zeros(2)
    before = {**_named(model, "parameters"), **_named(model, "buffers")}
    dtypes = {name: t.dtype for name, t in before.items()}
    call(model)
    after = {**_named(model, "parameters"), **_named(model, "buffers")}
    target = _TARGETS[case["call"]]
    wrong = [
        name
        for name, t in after.items()
        if t.dtype != (target if dtypes[name].is_floating_point else dtypes[name])
    ]
    if model.plain_attribute.dtype != torch.float32:
        wrong.append("plain_attribute")
    return check(
        not wrong, "converted_floating_only", "converted_otherwise", names=", ".join(wrong)
    )


def state_dict_copy_is_shallow(case):
    """measured: `model.state_dict().copy()` holds the same tensor objects and drops `_metadata`."""
    model = case.build()
    entries = model.state_dict()
    copied = entries.copy()
    same = all(copied[name] is tensor for name, tensor in entries.items())
    return check(
        same and not hasattr(copied, "_metadata") and hasattr(entries, "_metadata"),
        "shallow_copy",
        "not_shallow_copy",
    )


def mmap_private_write_stays(case):
    """measured: a tensor saved, loaded with torch.load(mmap=True) (private mapping, the default),
    written into: loaded again from the file, it has its old values."""
    import tempfile
    from pathlib import Path

    source = case.build()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.pt"
        torch.save(source, path)
        mapped = torch.load(path, mmap=True, weights_only=False)
        mapped.view(torch.uint8).fill_(1)  # a write into every byte, whatever the dtype
        again = torch.load(path, weights_only=False)
        kept = bool(torch.equal(again.view(torch.uint8), source.view(torch.uint8)))
        del mapped, again
    return check(kept, "file_unchanged", "file_changed")


def _storages_of(entries: dict) -> dict[str, int]:
    return {name: t.untyped_storage()._cdata for name, t in entries.items()}


def clone_dict_snapshot(case):
    """measured: `{k: v.detach().to("cpu", copy=True) for k, v in model.state_dict().items()}`:
    no entry shares memory with the model, tied entries have a storage each, no `_metadata`."""
    model = case.build()
    entries = model.state_dict()
    snapshot = {k: v.detach().to("cpu", copy=True) for k, v in entries.items()}
    shared = [n for n, t in snapshot.items() if share_memory(t, entries[n])]
    storages = _storages_of(snapshot)
    tied_once = [names for names in _tied(model) if len({storages[n] for n in names}) == 1]
    return check(
        not shared and not tied_once and not hasattr(snapshot, "_metadata"),
        "own_memory_ties_twice",
        "shares_or_ties_once",
        names=", ".join(shared or (tied_once[0] if tied_once else [])),
    )


def bytesio_snapshot_keeps_ties(case):
    """measured: `torch.save(model.state_dict(), BytesIO)` loaded back: tied entries are over one
    storage, and no entry shares memory with the model."""
    model = case.build()
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    buffer.seek(0)
    snapshot = torch.load(buffer)
    live = model.state_dict()
    storages = _storages_of(snapshot)
    untied = [names for names in _tied(model) if len({storages[n] for n in names}) > 1]
    shared = [n for n, t in snapshot.items() if share_memory(t, live[n])]
    return check(
        not untied and not shared,
        "own_memory_ties_once",
        "shares_or_ties_twice",
        names=", ".join(shared or (untied[0] if untied else [])),
    )


def averaged_model_copies_buffers(case):
    """measured: `AveragedModel(m)` (use_buffers=False): after the student's buffers change, an
    update leaves each of the average's buffers equal to the student's."""
    from torch.optim.swa_utils import AveragedModel

    student = case.build()
    average = AveragedModel(student)
    average.update_parameters(student)
    with torch.no_grad():
        for t in student.buffers():
            t.add_(3)
    average.update_parameters(student)
    mine = _named(average.module, "buffers")
    off = [n for n, t in _named(student, "buffers").items() if not torch.equal(mine[n], t)]
    return check(not off, "buffers_copied", "buffers_not_copied", names=", ".join(off))


_OTHER = {
    torch.float64: torch.float32,
    torch.complex128: torch.complex64,
    torch.complex64: torch.complex128,
}


def optimizer_load_converts_floating_state(case):
    """measured: SGD with momentum over one parameter of the case's dtype, stepped once; its state
    dict with the momentum buffer in another dtype, loaded back: the buffer's dtype afterwards is
    the parameter's for a floating-point parameter, and the snapshot's for a complex one."""
    source = case.build()
    param = torch.nn.Parameter(source.detach().clone())
    optimizer = torch.optim.SGD([param], lr=0.1, momentum=0.9)
    param.grad = torch.ones_like(param)
    optimizer.step()
    state = copy.deepcopy(optimizer.state_dict())
    other = _OTHER.get(param.dtype, torch.float64)
    state["state"][0]["momentum_buffer"] = state["state"][0]["momentum_buffer"].to(other)
    optimizer.load_state_dict(state)
    loaded = optimizer.state[param]["momentum_buffer"].dtype
    expected = other if param.is_complex() else param.dtype
    return check(
        loaded == expected,
        "state_dtype_as_stated",
        "state_dtype_otherwise",
        loaded=str(loaded).removeprefix("torch."),
        param=str(param.dtype).removeprefix("torch."),
    )


def assign_parameters_take_receiver_flags(case):
    """measured: a frozen model of the case's kind loads a student's `state_dict(keep_vars=True)`
    with `assign=True`: it holds the student's Parameter objects, and each of them now has the
    receiving model's requires_grad (off)."""
    from tools.space.modules import KINDS

    receiver = case.build()
    receiver.requires_grad_(False)
    student = KINDS[case["kind"]].cpu_twin()
    given = dict(student.named_parameters(remove_duplicate=False))
    receiver.load_state_dict(student.state_dict(keep_vars=True), assign=True)
    held_now = _named(receiver, "parameters")
    shared = [n for n, p in given.items() if held_now.get(n) is p]
    still = [n for n in shared if given[n].requires_grad]
    return check(
        len(shared) == len(given) and not still,
        "student_frozen",
        "student_not_frozen",
        names=", ".join(still or sorted(set(given) - set(shared))),
    )


def frombuffer_memoryview_holds_export(case):
    """measured: a tensor made by torch.frombuffer(memoryview(b)) over a bytearray: while it
    lives, b.extend() raises BufferError (without the memoryview it succeeds)."""
    source = case.build()
    data = bytearray(source.detach().contiguous().view(torch.uint8).numpy().tobytes())
    tensor = torch.frombuffer(memoryview(data), dtype=source.dtype)
    try:
        data.extend(b"\0" * 1024)
    except BufferError as error:
        return raised(error, held_=True)
    return failed("buffer_resized", count=tensor.numel())


def _real_memory(case) -> bool:
    return case["kind"] != "meta"


def _calls(*calls: str):
    return lambda case: case["call"] in calls


def _assign(case) -> bool:
    return "assign=True" in case["call"]


def _swapping(case) -> bool:
    return case["call"].startswith("swapping(")


def _plain_dtype_case(case) -> bool:
    """One tensor per dtype: a 2-D contiguous float32-like tensor that does not require grad."""
    return (
        case["layout"] == "contiguous"
        and case["state"] == "plain"
        and case["shape"] == "d2"
        and not case["sparse"]
    )


RULES = [
    # --- measured (module kinds of tools/space/modules.py, each with each conversion) ---
    Rule(
        id="module-to-keeps-parameters",
        pages=("models",),
        over=("module", "conversion"),
        inside=lambda case: _real_memory(case) and case["call"] not in ("to_meta", "to_empty"),
        predicate=keeps_parameters,
    ),
    Rule(
        id="module-to-replaces-converted-buffers",
        pages=("models",),
        over=("module", "conversion"),
        inside=lambda case: _real_memory(case) and case["dtype_change"],
        predicate=replaces_converted_buffers,
        applies=lambda case: case["kind"] in ("buffers", "non-persistent"),
    ),
    Rule(
        id="module-conversion-keeps-ties",
        pages=("models", "libraries"),
        over=("module", "conversion"),
        # A model with real memory keeps its ties through to_empty(device="cpu") (the storage
        # is only swapped under the same Parameter); from meta, and into meta, they come apart.
        inside=lambda case: (
            case["call"] != "to_meta"
            and (_real_memory(case) or case["call"] not in ("to_cpu", "to_empty"))
        ),
        predicate=keeps_ties,
        applies=lambda case: case["kind"] in ("tied", "meta"),
    ),
    Rule(
        id="deepcopy-model-shares-nothing",
        pages=("models", "edges"),
        over=("module",),
        inside=_real_memory,
        predicate=deepcopy_shares_nothing,
    ),
    Rule(
        id="deepcopy-state-dict-keeps-ties",
        pages=("models", "edges"),
        over=("module",),
        inside=_real_memory,
        predicate=deepcopy_state_dict_ties,
    ),
    Rule(
        id="state-dict-holds-live-tensors",
        pages=("models", "edges"),
        over=("module",),
        inside=_real_memory,
        predicate=state_dict_is_live,
    ),
    # --- atlas (module-call: the module atlas's rows) ---
    Rule(
        id="load-state-dict-copies-in",
        pages=("models",),
        over=("module-call",),
        inside=_real_memory,
        predicate=keeps_parameters_and_optimizer,
        applies=_calls("m.load_state_dict(snapshot)", "m.load_state_dict(snapshot, strict=False)"),
    ),
    Rule(
        id="assign-replaces-every-parameter",
        pages=("models",),
        over=("module-call",),
        inside=lambda case: not _swapping(case),
        predicate=assign_replaces_parameters,
        applies=_assign,
    ),
    Rule(
        id="assign-unties-unless-parameters",
        pages=("models",),
        over=("module-call",),
        inside=lambda case: not _swapping(case),
        predicate=assign_ties_only_from_parameters,
        applies=lambda case: _assign(case) and case["ties_kept"] is not None,
    ),
    Rule(
        id="replacing-parameters-leaves-optimizer",
        pages=("models",),
        over=("module-call",),
        inside=lambda case: case["parameters_same_object"] is not True,
        predicate=replaced_parameters_leave_optimizer,
        applies=lambda case: (
            case["holder"] == "m"
            and case["optimizer_still_updates"] is not None
            and not case["call"].startswith("opt.")
        ),
    ),
    Rule(
        id="deepcopy-model-leaves-optimizer",
        pages=("models",),
        over=("module-call",),
        inside=lambda case: case["call"] == "copy.deepcopy(m)",
        predicate=deepcopy_leaves_optimizer,
        applies=lambda case: (
            case["call"] in ("copy.deepcopy(m)", "copy.copy(m)")
            and case["optimizer_still_updates"] is not None
        ),
    ),
    Rule(
        id="optimizer-load-state-dict-aliases",
        pages=("models",),
        over=("module-call",),
        inside=_real_memory,
        predicate=optimizer_load_aliases,
        applies=lambda case: case["call"].startswith("opt.load_state_dict("),
    ),
    Rule(
        id="state-dict-keep-vars-parameters",
        pages=("models",),
        over=("module-call",),
        inside=_real_memory,
        predicate=keep_vars_returns_parameters,
        applies=_calls("m.state_dict()", "m.state_dict(keep_vars=True)"),
    ),
    # --- measured (module kinds of tools/space/modules.py, tensors, indices, grad modes) ---
    Rule(
        id="assign-uses-given-tensors",
        pages=("models",),
        over=("module",),
        inside=lambda case: True,
        predicate=assign_uses_given_tensors,
    ),
    Rule(
        id="averaged-model-averages-buffers",
        pages=("models",),
        over=("module",),
        inside=_real_memory,
        predicate=averaged_model_tracks_buffers,
    ),
    Rule(
        id="ema-under-no-grad-deepcopies",
        pages=("models",),
        over=("module", "mode"),
        inside=lambda case: not case["grad_on"],
        predicate=ema_update_deepcopies,
        applies=_real_memory,
    ),
    Rule(
        id="save-writes-whole-storage",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: not case["sparse"],
        predicate=save_writes_whole_storage,
    ),
    Rule(
        id="chained-index-write-needs-views",
        pages=("models",),
        over=("index",),
        inside=lambda case: case.key != "empty_slice" and _accepted_index(case),
        predicate=chained_write_reaches,
    ),
    Rule(
        id="outside-write-not-counted",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: (
            not case["sparse"]
            and case["dtype"] in NUMPY_DTYPES
            and case["layout"] not in ("conj", "neg")
            and not case["inference"]
        ),
        predicate=outside_write_uncounted,
        applies=lambda case: case["shape"] not in ("empty",),
    ),
    Rule(
        id="dlpack-refuses-requires-grad",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: case["requires_grad"],
        predicate=dlpack_refuses,
        applies=lambda case: not case["sparse"] and case["dtype"] in NUMPY_DTYPES,
    ),
    Rule(
        id="frombuffer-memoryview-holds-buffer",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=frombuffer_memoryview_holds_export,
        applies=_plain_dtype_case,
    ),
    Rule(
        id="module-to-converts-only-floating",
        pages=("models",),
        over=("module", "conversion"),
        inside=_real_memory,
        predicate=converts_only_floating,
        applies=lambda case: case["dtype_change"],
    ),
    Rule(
        id="state-dict-copy-is-shallow",
        pages=("models",),
        over=("module",),
        inside=lambda case: True,
        predicate=state_dict_copy_is_shallow,
    ),
    Rule(
        id="mmap-private-write-stays",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: not case["quantized"],
        predicate=mmap_private_write_stays,
        applies=_plain_dtype_case,
    ),
    Rule(
        id="dlpack-refuses-conj-bit",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: case["layout"] == "conj",
        predicate=dlpack_refuses,
        applies=lambda case: (
            not case["sparse"] and case["dtype"] in NUMPY_DTYPES and not case["requires_grad"]
        ),
    ),
    # --- atlas, again: the future flags ---
    Rule(
        id="swap-flag-keeps-parameters",
        pages=("models",),
        over=("module-call",),
        inside=lambda case: _real_memory(case) and case["kind"] != "wrapped",
        predicate=keeps_parameters_and_optimizer,
        applies=_swapping,
    ),
    Rule(
        id="overwrite-flag-makes-new-parameters",
        pages=("models",),
        over=("module-call",),
        inside=_real_memory,
        predicate=overwrite_makes_new_parameters,
        applies=lambda case: case["call"].startswith("overwriting("),
    ),
    Rule(
        id="clone-dict-snapshot-stores-ties-twice",
        pages=("models",),
        over=("module",),
        inside=_real_memory,
        predicate=clone_dict_snapshot,
    ),
    Rule(
        id="bytesio-snapshot-keeps-ties",
        pages=("models",),
        over=("module",),
        inside=_real_memory,
        predicate=bytesio_snapshot_keeps_ties,
    ),
    Rule(
        id="averaged-model-copies-buffers",
        pages=("models",),
        over=("module",),
        inside=_real_memory,
        predicate=averaged_model_copies_buffers,
    ),
    Rule(
        id="optimizer-load-converts-floating-state",
        pages=("models",),
        over=("tensor",),
        inside=lambda case: (
            case["dtype"]
            in ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")
        ),
        predicate=optimizer_load_converts_floating_state,
        applies=lambda case: _plain_dtype_case(case) and not case["quantized"],
    ),
    Rule(
        id="assign-parameters-take-receiver-flags",
        pages=("models",),
        over=("module",),
        inside=lambda case: True,
        predicate=assign_parameters_take_receiver_flags,
    ),
]


def load_copies_in(case):
    model, source = case.build(), case.build()
    before = _named(model, "parameters")
    groups = _tied(model)
    model.load_state_dict(source.state_dict())
    after = _named(model, "parameters")
    theirs = _named(source, "parameters")
    same = all(after[n] is before[n] for n in before)
    apart = not any(share_memory(after[n], theirs[n]) for n in after)
    tied = all(len({id(after[n]) for n in names}) == 1 for names in groups)
    return check(same and apart and tied, "copied_in", "not_copied_in_model")


def assign_replaces(case):
    model, source = case.build(), case.build()
    before = _named(model, "parameters")
    model.load_state_dict(source.state_dict(), assign=True)
    after = _named(model, "parameters")
    replaced = [n for n in before if after[n] is not before[n]]
    return check(replaced, "parameters_replaced_by_assign", "parameters_kept_by_assign")


def step_in_place(case):
    model = case.build()
    trained = [p for p in model.parameters() if p.requires_grad]
    before = {id(p): (None, p._version) for p in trained}
    optimizer = torch.optim.SGD(trained, lr=0.1)
    x = example(model)
    real_loss(model(x)).backward()
    optimizer.step()
    objects = [p for p in model.parameters() if p.requires_grad]
    moved = all(p._version > before[id(p)][1] for p in objects)
    return check(
        [id(p) for p in objects] == list(before) and moved, "stepped_in_place", "not_in_place"
    )


RULES += [
    Rule(
        id="load-state-dict-copies-values-in",
        pages=("models",),
        over=("module",),
        inside=_real_memory,
        predicate=load_copies_in,
    ),
    Rule(
        id="load-state-dict-assign-makes-new-parameters",
        pages=("models",),
        over=("module",),
        inside=_real_memory,
        predicate=assign_replaces,
    ),
    Rule(
        id="optimizer-step-updates-in-place",
        pages=("models", "training"),
        over=("module",),
        inside=_real_memory,
        predicate=step_in_place,
    ),
]
