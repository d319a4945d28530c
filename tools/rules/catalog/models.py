"""The rules docs/models.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import copy

import torch

from tools.rules.core import Rule, check, held
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


def _real_memory(case) -> bool:
    return case["kind"] != "meta"


RULES = [
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
        inside=lambda case: (
            case["call"] not in ("to_empty", "to_meta")
            and (_real_memory(case) or case["call"] != "to_cpu")
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
    return check(same and apart and tied, "copied_in", "not_copied_in")


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
        id="load-state-dict-copies-in",
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
