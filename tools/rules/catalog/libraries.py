"""The rules docs/libraries.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import datetime
import functools
import io

import torch
from torch import nn

from tools.rules.core import Rule, check, failed, held
from tools.rules.probes import grad_fn_name, real_loss, same_storage, same_values, share_memory

# --- DataLoader workers ---------------------------------------------------------------------------


def worker_reads_parent_memory(case):
    seen = case.build()()  # what the worker measured about its dataset's memory
    shared = seen["shared_kb"] >= 0.9 * seen["size_kb"]
    return check(shared, "worker_shares_dataset", "worker_copied_dataset")


def worker_copies_list(case):
    seen = case.build()()
    copied = seen["private_kb"] >= 0.5 * seen["size_kb"]
    return check(copied, "worker_copied_dataset", "worker_shares_dataset")


# --- torch.compile (aot_eager): each case compiles anew, after a reset ----------------------------


def _compiled(function):
    torch._dynamo.reset()  # a fresh cache: no case reuses (or exhausts) another's compiled code
    return torch.compile(function, backend="aot_eager")


def _add_one(x):
    x.add_(1)
    return x * 2


def compile_keeps_input_writes(case):
    eager_input, compiled_input = case.build(), case.build()
    eager_out = _add_one(eager_input)
    compiled_out = _compiled(_add_one)(compiled_input)
    return check(
        same_values(compiled_input, eager_input) and same_values(compiled_out, eager_out),
        "compiled_writes_like_eager",
        "compiled_writes_otherwise",
    )


def _write_and_add(a, b):
    a.add_(1)  # a write that b sees when the two overlap
    return a + b


def _overlapping(case):
    flat = case.build().reshape(-1)
    return flat[:-1], flat[1:]


def compile_misses_overlap(case):
    """Compiled first on two separate tensors, then called on two overlapping views of one."""
    compiled = _compiled(_write_and_add)
    compiled(*(t.clone() for t in _overlapping(case)))
    eager = _write_and_add(*_overlapping(case))
    again = compiled(*_overlapping(case))
    return check(not same_values(again, eager), "compiled_differs", "compiled_same_as_eager")


def _expand_add(x):
    x.expand(3, *x.shape).add_(1)
    return x


def _expand_fill(x):
    x.expand(3, *x.shape).fill_(2)
    return x


def compile_expand_writes_differ(case):
    """add_ and fill_ into an expand() result: what eager gives (or raises), and what aot_eager
    gives."""
    for function in (_expand_add, _expand_fill):
        try:
            eager = function(case.build())
        except RuntimeError:
            eager = None
        compiled = _compiled(function)(case.build())
        if eager is not None and same_values(compiled, eager):
            return failed("compiled_same_as_eager")
    return held("compiled_differs")


# --- DistributedDataParallel: two gloo ranks, forked once for every grad mode ---------------------


class _Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("scale", torch.ones(2))

    def forward(self, x):
        return self.linear(x) * self.scale


def _ddp_rank(scenario, rank: int, store_path: str, args: tuple, results) -> None:
    """One rank, reporting what it saw or the error that stopped it."""
    try:
        seen = scenario(rank, store_path, *args)
    except Exception as error:  # noqa: BLE001 - the parent raises it
        results.put(f"rank {rank}: {type(error).__name__}: {error}")
        return
    if rank == 1:
        results.put(seen)


def _group(rank: int, store_path: str) -> None:
    import torch.distributed as dist

    store = dist.FileStore(store_path, 2)
    timeout = datetime.timedelta(seconds=120)
    dist.init_process_group("gloo", store=store, rank=rank, world_size=2, timeout=timeout)


def _ddp_scenario(rank: int, store_path: str, modes: dict) -> dict:
    """For each grad mode, a forward under it, then each rank writes its own value into the
    buffer, then a forward with gradients: what the buffer holds after it."""
    import torch.distributed as dist

    _group(rank, store_path)
    torch.manual_seed(0)
    model = nn.parallel.DistributedDataParallel(_Scaled())
    seen = {}
    for key, make_mode in modes.items():
        with make_mode():
            out = model(torch.ones(1, 2))
        if out.requires_grad:
            out.sum().backward()
        with torch.no_grad():
            model.module.scale.fill_(rank + 1.0)
        model(torch.ones(1, 2)).sum().backward()
        seen[key] = model.module.scale.tolist()
    dist.destroy_process_group()
    return seen


def _two_ranks(scenario, *args):
    """Runs `scenario(rank, store_path, *args)` in two forked processes, a gloo group of two;
    what rank 1 returned (or the error that stopped a rank, raised here)."""
    import multiprocessing
    import tempfile

    context = multiprocessing.get_context("fork")
    results = context.Queue()
    with tempfile.TemporaryDirectory() as folder:
        store = f"{folder}/store"
        ranks = [
            context.Process(target=_ddp_rank, args=(scenario, rank, store, args, results))
            for rank in (0, 1)
        ]
        for process in ranks:
            process.start()
        try:
            seen = results.get(timeout=240)  # seconds: the machine may be busy
        finally:
            for process in ranks:
                process.join(10)
                if process.is_alive():
                    process.kill()
    if isinstance(seen, str):
        raise RuntimeError(seen)
    return seen


@functools.cache
def _ddp_results() -> dict:
    from tools import space

    return _two_ranks(_ddp_scenario, {case.key: case.make for case in space.cases("mode")})


_SWITCHES = {
    "defaults": {},
    "forward_sync_buffers=False": {"forward_sync_buffers": False},
    "broadcast_buffers=False": {"broadcast_buffers": False},
}


def _construction_scenario(rank: int, store_path: str, build) -> dict:
    """Each rank writes its own value into every floating buffer, then wraps the module with
    each switch: what rank 1's buffers hold right after construction (no forward yet)."""
    import warnings

    import torch.distributed as dist

    _group(rank, store_path)
    seen = {}
    for name, switches in _SWITCHES.items():
        torch.manual_seed(0)
        model = build()
        with torch.no_grad():
            for buffer in model.buffers():
                if buffer.is_floating_point():
                    buffer.fill_(rank + 1.0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # broadcast_buffers: a FutureWarning in 2.13
            nn.parallel.DistributedDataParallel(model, **switches)
        seen[name] = sorted(
            {v for b in model.buffers() if b.is_floating_point() for v in b.flatten().tolist()}
        )
    dist.destroy_process_group()
    return seen


def ddp_construction_copies_buffers(case):
    from tools.space.modules import KINDS

    seen = _two_ranks(_construction_scenario, KINDS[case["kind"]].build)
    expected = {
        "defaults": [1.0],
        "forward_sync_buffers=False": [1.0],
        "broadcast_buffers=False": [2.0],
    }
    return check(
        seen == expected,
        "construction_as_said",
        "construction_otherwise",
        seen="; ".join(f"{k}: {v}" for k, v in seen.items()),
    )


def ddp_syncs_after_grad_forward(case):
    buffer = _ddp_results()[case.key]
    return check(
        buffer == [1.0, 1.0],
        "ddp_buffer_synced",
        "ddp_buffer_kept",
        buffer=buffer,
    )


# --- buffers written in forward ----------------------------------------------------------------


def buffer_write_after_use(case):
    """A buffer used in a computation that saves it, then written in place (raises at backward)
    or rebound to a new tensor (backward runs)."""
    outcomes = []
    for in_place in (True, False):
        buffer = case.build()
        x = torch.ones_like(buffer).requires_grad_()
        y = x * buffer  # saves buffer for backward
        if in_place:
            buffer.add_(1)
        else:
            buffer = buffer + 1
        try:
            real_loss(y).backward()
            outcomes.append("ran")
        except RuntimeError as error:
            outcomes.append("inplace" if "inplace operation" in str(error) else "other")
    return check(
        outcomes == ["inplace", "ran"],
        "inplace_raised_rebind_ran",
        "buffer_write_outcome",
        in_place=outcomes[0],
        rebound=outcomes[1],
    )


# --- ties ----------------------------------------------------------------------------------------


def _groups(module) -> list[list[str]]:
    """The names under which one Parameter object appears more than once."""
    by_object: dict[int, list[str]] = {}
    for name, param in module.named_parameters(remove_duplicate=False):
        by_object.setdefault(id(param), []).append(name)
    return [names for names in by_object.values() if len(names) > 1]


def _one_object(module, names) -> bool:
    found = dict(module.named_parameters(remove_duplicate=False))
    return len({id(found[n]) for n in names}) == 1


def tie_is_one_parameter(case):
    model = case.build()
    groups = _groups(model)
    entries = model.state_dict()
    counted = len(list(model.parameters()))
    every = len(dict(model.named_parameters(remove_duplicate=False)))
    shared = all(
        same_storage(entries[a], entries[b]) for names in groups for a in names for b in names
    )
    return check(
        bool(groups) and shared and counted == every - sum(len(g) - 1 for g in groups),
        "tie_one_parameter",
        "tie_not_one_parameter",
        count=counted,
    )


def _snapshots(model):
    """The state dicts a model is loaded from: its own (live), a clone of each entry, and the
    same after a round trip through torch.save."""
    live = model.state_dict()
    cloned = {k: v.clone() for k, v in live.items()}
    buffer = io.BytesIO()
    torch.save(live, buffer)
    buffer.seek(0)
    return {"live": live, "cloned": cloned, "file": torch.load(buffer)}


def _ties_after_load(case, assign: bool) -> list[str]:
    """The snapshots after whose load_state_dict a tie of the model is gone."""
    lost = []
    for name, snapshot in _snapshots(case.build()).items():
        model = case.build()
        groups = _groups(model)
        model.load_state_dict(snapshot, assign=assign)
        lost += [name for names in groups if not _one_object(model, names)]
    return lost


def load_keeps_ties(case):
    lost = _ties_after_load(case, assign=False)
    return check(not lost, "ties_kept_after_load", "ties_lost_after_load", names=", ".join(lost))


def load_assign_unties(case):
    lost = _ties_after_load(case, assign=True)
    return check(
        len(lost) == 3, "ties_lost_after_load", "ties_kept_after_load", names=", ".join(lost)
    )


def parameter_of_view_is_not_a_tie(case):
    weight = nn.Parameter(case.build().detach())
    view = weight.t() if weight.dim() <= 2 else weight.transpose(0, 1)
    other = nn.Parameter(view)
    real_loss(weight * 2).backward()
    real_loss(other * 3).backward()
    apart = (
        other is not weight
        and other.is_leaf
        and other.grad_fn is None
        and weight.grad is not None
        and other.grad is not None
        and weight.grad is not other.grad
    )
    return check(
        apart and (weight.numel() == 0 or share_memory(other, weight)),
        "separate_parameters_one_memory",
        "not_separate_parameters",
    )


def data_tie_survives(case):
    model, call = case.build()
    model.out.weight = nn.Parameter(model.embed.weight.detach())  # two Parameters, one memory
    model = call(model)
    a, b = model.out.weight, model.embed.weight
    return check(
        same_storage(a, b) if a.is_meta else share_memory(a, b),
        "data_tie_kept",
        "data_tie_lost",
    )


def tied_entries_share_until_cloned(case):
    model = case.build()
    entries = model.state_dict()
    groups = _groups(model)
    together = all(share_memory(entries[n], entries[names[0]]) for names in groups for n in names)
    cloned = {k: v.clone() for k, v in entries.items()}
    names = list(cloned)
    apart = not any(
        share_memory(cloned[a], cloned[b]) for i, a in enumerate(names) for b in names[i + 1 :]
    )
    return check(together and apart, "tied_entries_share", "tied_entries_other", ties=len(groups))


def save_keeps_shared_storage(case):
    tensor = case.build().detach()
    buffer = io.BytesIO()
    torch.save({"a": tensor, "b": tensor.detach()}, buffer)
    buffer.seek(0)
    loaded = torch.load(buffer)
    a, b = loaded["a"], loaded["b"]
    return check(
        a is not b and same_storage(a, b) and same_values(a, tensor),
        "loaded_share_storage",
        "loaded_apart",
    )


def gradients_add_up(case):
    """One leaf used twice (times 2, then times 3): its .grad is 5 everywhere."""
    weight = case.build().detach().requires_grad_()
    real_loss(weight * 2).add(real_loss(weight * 3)).backward()
    return check(
        weight.grad is not None and same_values(weight.grad, torch.full_like(weight, 5)),
        "gradients_summed",
        "gradients_not_summed",
    )


def _float64_snapshot(model) -> dict:
    """A state dict for the model made of new CPU tensors (1.5 in float64 for each floating
    entry): built from the entries' shapes, so a model on `meta` gets one too."""
    return {
        name: torch.full(t.shape, 1.5, dtype=torch.float64)
        if t.is_floating_point()
        else torch.zeros(t.shape, dtype=t.dtype)
        for name, t in model.state_dict().items()
    }


def _loaded(case, assign: bool):
    """A model of the case's kind loaded from a float64 state dict holding other values."""
    model = case.build()
    snapshot = _float64_snapshot(model)
    before = {name: t.dtype for name, t in model.state_dict().items()}
    model.load_state_dict(snapshot, assign=assign)
    return model, snapshot, before


def load_copies_keeping_dtype(case):
    model, snapshot, before = _loaded(case, assign=False)
    entries = model.state_dict()
    bad = [
        name
        for name, t in entries.items()
        if t.dtype != before[name]
        or share_memory(t, snapshot[name])
        or not same_values(t, snapshot[name].to(t.dtype))
        or snapshot[name].dtype != (torch.float64 if t.is_floating_point() else t.dtype)
    ]
    return check(not bad, "copied_in_dtype_kept", "not_copied_in", names=", ".join(bad))


def load_assign_uses_checkpoint(case):
    model, snapshot, _ = _loaded(case, assign=True)
    entries = model.state_dict()
    bad = [
        name
        for name, t in entries.items()
        if t.dtype != snapshot[name].dtype or not share_memory(t, snapshot[name])
    ]
    return check(not bad, "uses_checkpoint_tensors", "not_checkpoint_tensors", names=", ".join(bad))


# --- a[:] = b -------------------------------------------------------------------------------------


def slice_assign_converts_in_place(case):
    a = case.build()
    storage, dtype = a.untyped_storage()._cdata, a.dtype
    b = torch.arange(a.numel()).reshape(a.shape) % 2  # int64 values every dtype holds
    with torch.no_grad():
        a[:] = b
    return check(
        a.untyped_storage()._cdata == storage
        and a.dtype == dtype
        and same_values(a, b.to(dtype))
        and not share_memory(a, b),
        "written_in_place_converted",
        "not_written_in_place",
    )


def slice_assign_overlap_refused(case):
    flat = case.build().detach().reshape(-1)
    try:
        flat[1:] = flat[:-1]
    except RuntimeError as error:
        return check("single memory location" in str(error), "write_refused", "write_passed")
    return failed("write_passed")


# --- optimizers ----------------------------------------------------------------------------------


def _optimizer(case, group):
    return case.build()([group], lr=0.1)


def _weight():
    return nn.Parameter(torch.ones(2, 2))


def optimizer_keeps_group_dict(case):
    params = [_weight()]
    group = {"params": params}
    optimizer = _optimizer(case, group)
    kept = optimizer.param_groups[0] is group
    filled = set(optimizer.defaults) <= set(group)
    new_list = group["params"] is not params
    return check(
        kept and filled and new_list,
        "group_dict_kept",
        "group_dict_other",
        kept=kept,
        filled=filled,
        new_list=new_list,
    )


def optimizer_load_replaces_group_dict(case):
    group = {"params": [_weight()]}
    optimizer = _optimizer(case, group)
    optimizer.load_state_dict(optimizer.state_dict())
    return check(optimizer.param_groups[0] is not group, "group_dict_replaced", "group_dict_kept")


# --- torch.load ----------------------------------------------------------------------------------


def _record(locations, storage, location):
    locations.append(location)
    return storage


def _saved(case, device):
    buffer = io.BytesIO()
    torch.save(case.build().detach().to(device), buffer)
    buffer.seek(0)
    return buffer


def _load(case, device, map_location=None):
    """Saved from `device`, loaded with `map_location`: the device it lands on, and the
    locations a map_location function was given."""
    locations: list[str] = []
    if map_location == "function":
        map_location = functools.partial(_record, locations)
    loaded = torch.load(_saved(case, device), map_location=map_location)
    return loaded.device.type, locations


def load_restores_location(case):
    """Saved from the CPU and from `meta`, loaded without map_location."""
    places = {device: _load(case, device)[0] for device in ("cpu", "meta")}
    return check(
        all(got == device for device, got in places.items()),
        "loaded_where_saved",
        "loaded_elsewhere",
        places=", ".join(f"{device} -> {got}" for device, got in places.items()),
    )


def map_location_decides(case):
    """Saved from the CPU: map_location='meta' puts it on meta; a function is given 'cpu'."""
    to_meta, _ = _load(case, "cpu", "meta")
    _, given = _load(case, "cpu", "function")
    return check(
        to_meta == "meta" and set(given) == {"cpu"},
        "map_location_decided",
        "map_location_ignored",
        place=to_meta,
        given=", ".join(given) or "-",
    )


def meta_ignores_map_location(case):
    """Saved from `meta`: map_location='cpu' and a function."""
    to_cpu, _ = _load(case, "meta", "cpu")
    by_function, given = _load(case, "meta", "function")
    return check(
        to_cpu == "meta" and by_function == "meta" and not given,
        "meta_stays_meta",
        "map_location_decided",
        place=to_cpu,
        given=", ".join(given) or "-",
    )


# --- .to() after requires_grad=True --------------------------------------------------------------

_CONVERTIBLE = (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64)


def _conversions(case):
    tensor, mode = case.build()
    with mode:
        return [(d, tensor.to(d)) for d in _CONVERTIBLE if d != tensor.dtype]


def to_after_requires_grad_not_leaf(case):
    results = _conversions(case)
    bad = [str(d) for d, r in results if r.is_leaf or r.grad_fn is None]
    return check(
        not bad,
        "conversions_not_leaves",
        "conversion_is_leaf",
        dtypes=", ".join(bad),
        grad_fn=grad_fn_name(results[0][1]),
    )


def to_integer_is_plain_leaf(case):
    tensor, mode = case.build()
    with mode:
        results = [tensor.to(d) for d in (torch.int64, torch.int32, torch.uint8, torch.bool)]
    return check(
        all(r.is_leaf and not r.requires_grad for r in results),
        "plain_leaf",
        "not_plain_leaf",
        grad_fn=grad_fn_name(results[0]),
    )


def to_same_returns_itself(case):
    tensor = case.build()
    same = tensor.to(tensor.dtype) is tensor and tensor.to(tensor.device) is tensor
    copied = tensor.to(tensor.dtype, copy=True) is not tensor
    return check(same and copied, "to_same_is_itself", "to_same_other", copied=copied)


def requires_grad_after_move_is_leaf(case):
    tensor = case.build().detach()
    moved = tensor.to(torch.float64).requires_grad_()
    real_loss(moved * 2).backward()
    return check(
        moved.is_leaf and moved.grad is not None,
        "leaf_with_grad",
        "no_leaf_grad",
    )


# --- the list -------------------------------------------------------------------------------------


def _floating_core(case) -> bool:
    return case["floating"] and case["core"] and not case["sparse"]


def _compile_case(case) -> bool:
    """The few tensors each compiled rule is run on (each compiles anew: about a second each)."""
    return (
        case["state"] == "plain"
        and case["layout"] in ("contiguous", "transposed")
        and case["dtype"] in ("float32", "float64", "int64")
        and (case["dtype"] == "float32" or case["shape"] == "d2")
    )


def _meta_able(case) -> bool:
    """A tensor that `.to("meta")` puts on `meta` (not quantized, not sparse CSR)."""
    return not case["quantized"] and case["layout"] != "sparse_csr"


def _dense_arithmetic(case) -> bool:
    """A dtype with arithmetic, in a layout that repeats no element (not expanded, overlapping or
    sparse)."""
    return (
        case["arithmetic"]
        and not case["sparse"]
        and case["layout"] not in ("expanded", "overlapping")
    )


def _real_floating(case) -> bool:
    return case["floating"] and not case["dtype"].startswith("complex")


RULES = [
    Rule(
        id="dataloader-array-dataset-not-copied",
        pages=("libraries",),
        over=("process",),
        inside=lambda case: case["method"] == "fork" or case["payload"] == "tensor",
        predicate=worker_reads_parent_memory,
        applies=lambda case: case["probe"] == "dataloader" and case["payload"] != "list",
        expensive=True,
    ),
    Rule(
        id="dataloader-list-dataset-copied",
        pages=("libraries",),
        over=("process",),
        inside=lambda case: case["payload"] == "list",
        predicate=worker_copies_list,
        applies=lambda case: (
            case["probe"] == "dataloader"
            and (case["payload"] == "list" or case["method"] == "fork")
        ),
        expensive=True,
    ),
    Rule(
        id="ddp-syncs-buffers-after-grad-forward",
        pages=("libraries",),
        over=("mode",),
        inside=lambda case: case["grad_on"],
        predicate=ddp_syncs_after_grad_forward,
        expensive=True,
    ),
    Rule(
        id="ddp-construction-copies-buffers-unless-broadcast-off",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: True,
        predicate=ddp_construction_copies_buffers,
        applies=lambda case: case["kind"] in ("buffers", "non-persistent"),
        expensive=True,
    ),
    Rule(
        id="compile-keeps-input-writes",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=compile_keeps_input_writes,
        applies=_compile_case,
        expensive=True,
    ),
    Rule(
        id="compile-overlapping-views-miss-write",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: case["shape"] not in ("scalar", "empty"),
        predicate=compile_misses_overlap,
        applies=lambda case: _compile_case(case) and case["layout"] == "contiguous",
        expensive=True,
    ),
    Rule(
        id="compile-expand-writes-wrong",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: case["shape"] != "empty",
        predicate=compile_expand_writes_differ,
        applies=lambda case: _compile_case(case) and case["layout"] == "contiguous",
        expensive=True,
    ),
    Rule(
        id="buffer-written-after-use-raises",
        pages=("libraries",),
        over=("tensor",),
        inside=_dense_arithmetic,
        predicate=buffer_write_after_use,
        applies=lambda case: _real_floating(case) and case["core"] and case["state"] == "plain",
    ),
    Rule(
        id="tie-is-one-parameter",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: case["kind"] == "tied",
        predicate=tie_is_one_parameter,
        applies=lambda case: case["kind"] in ("tied", "meta"),
    ),
    Rule(
        id="load-state-dict-keeps-ties",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: case["kind"] == "tied",
        predicate=load_keeps_ties,
        applies=lambda case: case["kind"] in ("tied", "plain", "buffers"),
    ),
    Rule(
        id="load-state-dict-assign-unties",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: case["kind"] == "tied",
        predicate=load_assign_unties,
        applies=lambda case: case["kind"] in ("tied", "plain"),
    ),
    Rule(
        id="gradients-add-up-over-uses",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: case["arithmetic"] and not case["inference"],
        predicate=gradients_add_up,
        applies=lambda case: _real_floating(case) and not case["sparse"],
    ),
    Rule(
        id="load-state-dict-copies-keeping-dtype",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: case["kind"] != "meta",
        predicate=load_copies_keeping_dtype,
    ),
    Rule(
        id="load-state-dict-assign-uses-checkpoint",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: True,
        predicate=load_assign_uses_checkpoint,
    ),
    Rule(
        id="slice-assignment-converts-in-place",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: (
            case["shape"] != "scalar"
            and not case["inference"]
            and not case["quantized"]
            and case["layout"] not in ("expanded", "overlapping")
        ),
        predicate=slice_assign_converts_in_place,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="slice-assignment-refuses-partial-overlap",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: case["shape"] not in ("scalar", "empty") and not case["inference"],
        predicate=slice_assign_overlap_refused,
        applies=lambda case: not case["sparse"] and case["layout"] == "contiguous",
    ),
    Rule(
        id="parameter-of-a-view-is-not-a-tie",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: case["arithmetic"],
        predicate=parameter_of_view_is_not_a_tie,
        applies=lambda case: (
            _real_floating(case) and not case["sparse"] and case["state"] == "plain"
        ),
    ),
    Rule(
        id="data-tie-lasts-until-new-memory",
        pages=("libraries",),
        over=("module", "conversion"),
        inside=lambda case: (
            not case["dtype_change"] and case["call"] not in ("to_meta", "to_empty")
        ),
        predicate=data_tie_survives,
        applies=lambda case: case["kind"] == "tied",
    ),
    Rule(
        id="tied-state-dict-entries-share",
        pages=("libraries",),
        over=("module",),
        inside=lambda case: case["kind"] != "meta",
        predicate=tied_entries_share_until_cloned,
    ),
    Rule(
        id="torch-save-keeps-shared-storage",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: not case["sparse"] and case["shape"] != "empty",
        predicate=save_keeps_shared_storage,
    ),
    Rule(
        id="optimizer-keeps-param-group-dict",
        pages=("libraries",),
        over=("optimizer",),
        inside=lambda case: True,
        predicate=optimizer_keeps_group_dict,
    ),
    Rule(
        id="optimizer-load-state-dict-new-groups",
        pages=("libraries",),
        over=("optimizer",),
        inside=lambda case: True,
        predicate=optimizer_load_replaces_group_dict,
    ),
    Rule(
        id="torch-load-restores-saved-device",
        pages=("libraries",),
        over=("tensor",),
        inside=_meta_able,
        predicate=load_restores_location,
    ),
    Rule(
        id="torch-load-map-location-decides",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: not case["quantized"],
        predicate=map_location_decides,
    ),
    Rule(
        id="torch-load-meta-stays-meta",
        pages=("libraries",),
        over=("tensor",),
        inside=_meta_able,
        predicate=meta_ignores_map_location,
    ),
    Rule(
        id="to-after-requires-grad-not-leaf",
        pages=("libraries",),
        over=("tensor", "mode"),
        inside=lambda case: case["grad_on"] and case["requires_grad"],
        predicate=to_after_requires_grad_not_leaf,
        applies=lambda case: case["floating"] and case["core"],
    ),
    Rule(
        id="to-integer-is-plain-leaf",
        pages=("libraries",),
        over=("tensor", "mode"),
        inside=lambda case: True,
        predicate=to_integer_is_plain_leaf,
        applies=lambda case: case["floating"] and case["core"],
    ),
    Rule(
        id="to-same-dtype-returns-itself",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=to_same_returns_itself,
    ),
    Rule(
        id="requires-grad-after-move-is-leaf",
        pages=("libraries",),
        over=("tensor",),
        inside=lambda case: not case["inference"],
        predicate=requires_grad_after_move_is_leaf,
        applies=lambda case: _floating_core(case),
    ),
]
