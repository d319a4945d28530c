"""The rules docs/compiled.md states (statements and conditions: text/<language>/rules.yml).

The CUDA-graph rules of that page need a GPU and are cited from PyTorch's source there; what
runs here is what a CPU decides: torch.export and the model's state, autocast's weight cache,
DataParallel without GPUs, FSDP's parameters, a model built on meta, and the `copy_` that
feeds a captured graph.
"""

from __future__ import annotations

import torch
from torch import nn

from tools.rules.core import Rule, check
from tools.rules.probes import same_values, share_memory

# --- torch.export ----------------------------------------------------------------------------


class _Counted(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("calls", torch.zeros(()))
        self.register_buffer("seen", torch.zeros(()))
        self.py_calls = 0

    def forward(self, x):
        self.calls.add_(1)  # in place
        self.seen = self.seen + x.shape[0]  # rebound
        self.py_calls += 1
        return self.linear(x)


def exported_module_writes_original(case):
    """Export with grad mode on; call `ep.module()` twice under the case's grad mode."""
    mode = case.build()
    model, x = _Counted(), torch.ones(1, 2)
    runnable = torch.export.export(model, (x,)).module()
    with mode:
        runnable(x)
        runnable(x)
    return check(
        runnable.linear.weight is model.linear.weight
        and model.calls.item() == 2
        and model.seen.item() == 2,
        "export_wrote_original",
        "export_kept_apart",
        calls=model.calls.item(),
        seen=model.seen.item(),
    )


def export_leaves_python_number(case):
    """Export under the case's grad mode, then call the exported module."""
    mode = case.build()
    model, x = _Counted(), torch.ones(1, 2)
    with mode:
        runnable = torch.export.export(model, (x,)).module()
    runnable(x)
    return check(
        model.py_calls == 0 and not hasattr(runnable, "py_calls"),
        "python_number_left_out",
        "python_number_changed",
        count=model.py_calls,
    )


RULES = [
    Rule(
        id="export-module-writes-original-buffers",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=exported_module_writes_original,
    ),
    Rule(
        id="export-leaves-python-numbers-out",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=export_leaves_python_number,
    ),
]

# --- autocast's weight cache -----------------------------------------------------------------


def autocast_reuses_cast(case):
    """A Linear layer's weight (a float32 parameter) used twice inside one CPU autocast region
    (bfloat16) in the case's grad mode, changed in place between the two uses."""
    mode = case.build()
    layer, x = nn.Linear(4, 1, bias=False), torch.ones(1, 4)
    with torch.no_grad():
        layer.weight.fill_(1.0)
    with mode, torch.autocast("cpu", dtype=torch.bfloat16):
        before = layer(x).float()
        with torch.no_grad():
            layer.weight.fill_(2.0)
        after = layer(x).float()
    return check(torch.equal(before, after), "autocast_reused_copy", "autocast_cast_anew")


RULES += [
    Rule(
        id="autocast-reuses-cast-weight",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: case["mode"] != "inference_mode",
        predicate=autocast_reuses_cast,
    ),
]


def autocast_nested_keeps_cache(case):
    """An outer region around two inner ones, one use in each, the weight changed in between:
    leaving the first inner region does not empty the cache."""
    mode = case.build()
    layer, x = nn.Linear(4, 1, bias=False), torch.ones(1, 4)
    with torch.no_grad():
        layer.weight.fill_(1.0)
    with mode, torch.autocast("cpu", dtype=torch.bfloat16):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            before = layer(x).float()
        with torch.no_grad():
            layer.weight.fill_(2.0)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            after = layer(x).float()
    return check(torch.equal(before, after), "autocast_reused_copy", "autocast_cast_anew")


RULES += [
    Rule(
        id="autocast-inner-region-keeps-cache",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: case["mode"] != "inference_mode",
        predicate=autocast_nested_keeps_cache,
    ),
]

# --- DataParallel without GPUs ---------------------------------------------------------------


class _Stateful(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(2, 2)
        self.register_buffer("seen", torch.zeros(()))
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        self.seen.add_(x.shape[0])
        return self.linear(x)


def data_parallel_calls_module(case):
    mode = case.build()
    model = _Stateful()
    wrapped = nn.DataParallel(model)
    with mode:
        wrapped(torch.ones(4, 2))
    return check(
        wrapped.device_ids == [] and model.calls == 1 and model.seen.item() == 4,
        "module_itself_called",
        "module_not_called",
        calls=model.calls,
    )


RULES += [
    Rule(
        id="data-parallel-without-gpus-calls-module",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=data_parallel_calls_module,
        # What it finds depends on the machine's CUDA devices (two or more: replicas), so the
        # test suite, which also runs on the CUDA runner, does not rerun it: `make rules` records
        # it on a machine without GPUs, which its condition names.
        expensive=True,
    ),
]

# --- FSDP ------------------------------------------------------------------------------------


def fsdp_early_optimizer(case):
    """Wrap under the case's grad mode, then train three steps (grad on) with an optimizer
    built from the parameters before wrapping; one process, gloo, an in-memory store."""
    import torch.distributed as dist
    from torch.distributed.fsdp import fully_shard

    mode = case.build()
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
    try:
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
        early = torch.optim.SGD(model.parameters(), lr=0.1)
        old = list(model.parameters())
        with mode:
            fully_shard(model)
        x, losses = torch.ones(4, 2), []
        for _ in range(3):
            loss = model(x).pow(2).mean()
            early.zero_grad()
            loss.backward()
            early.step()
            losses.append(round(loss.item(), 6))
        replaced = not any(p is q for p in model.parameters() for q in old)
    finally:
        dist.destroy_process_group()
    return check(
        replaced and len(set(losses)) == 1,
        "early_optimizer_idle",
        "early_optimizer_trained",
        losses=losses,
    )


RULES += [
    Rule(
        id="fsdp-early-optimizer-updates-nothing",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=fsdp_early_optimizer,
        # A process group is state of the whole process: `make rules` runs it, not the suite.
        expensive=True,
    ),
]


def _fsdp1_early_optimizer(use_orig_params: bool):
    def predicate(case):
        import warnings

        import torch.distributed as dist
        from torch.distributed.fsdp import FullyShardedDataParallel

        mode = case.build()
        dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1)
        try:
            torch.manual_seed(0)
            model = nn.Sequential(nn.Linear(2, 2), nn.Linear(2, 1))
            early = torch.optim.SGD(model.parameters(), lr=0.1)
            with mode, warnings.catch_warnings():
                warnings.simplefilter("ignore")
                wrapped = FullyShardedDataParallel(
                    model, use_orig_params=use_orig_params, device_id=torch.device("cpu")
                )
            x, losses = torch.ones(4, 2), []
            for _ in range(3):
                loss = wrapped(x).pow(2).mean()
                early.zero_grad()
                loss.backward()
                early.step()
                losses.append(round(loss.item(), 6))
        finally:
            dist.destroy_process_group()
        idle = len(set(losses)) == 1
        if use_orig_params:
            return check(not idle, "early_optimizer_trained", "early_optimizer_idle", losses=losses)
        return check(idle, "early_optimizer_idle", "early_optimizer_trained", losses=losses)

    return predicate


RULES += [
    Rule(
        id="fsdp1-flat-parameter-early-optimizer-updates-nothing",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: case["mode"] != "inference_mode",
        predicate=_fsdp1_early_optimizer(use_orig_params=False),
        expensive=True,  # a process group: `make rules` runs it, not the suite
    ),
    Rule(
        id="fsdp1-orig-params-early-optimizer-trains",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: case["mode"] != "inference_mode",
        predicate=_fsdp1_early_optimizer(use_orig_params=True),
        expensive=True,
    ),
]

# --- a model built on meta -------------------------------------------------------------------


class _Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(4, 3)
        self.head = nn.Linear(3, 4, bias=False)
        self.head.weight = self.embed.weight


def to_empty_unties(case):
    mode = case.build()
    with torch.device("meta"):
        model = _Tied()
    with mode:
        model.to_empty(device="cpu")
    return check(
        model.head.weight is not model.embed.weight and len(list(model.parameters())) == 2,
        "tie_lost",
        "tie_kept",
    )


def assign_unties(case):
    mode = case.build()
    checkpoint = _Tied().state_dict()
    with torch.device("meta"):
        model = _Tied()
    with mode:
        model.load_state_dict(checkpoint, assign=True)
    return check(model.head.weight is not model.embed.weight, "tie_lost", "tie_kept")


RULES += [
    Rule(
        id="meta-to-empty-unties",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=to_empty_unties,
    ),
    Rule(
        id="meta-assign-unties",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=assign_unties,
    ),
]

# --- copy_ into a captured input -------------------------------------------------------------


def copy_into_keeps_memory(case):
    """`dst.copy_(src)` into the case's tensor under its grad mode, from a tensor of new
    values: dst keeps its own memory and holds the new values."""
    destination, mode = case.build()
    source = torch.ones_like(destination)
    pointer = destination.untyped_storage().data_ptr()
    with mode:
        destination.copy_(source)
    return check(
        destination.untyped_storage().data_ptr() == pointer
        and not share_memory(destination, source)
        and same_values(destination, source),
        "copied_into_own_memory",
        "not_copied_into_own_memory",
    )


RULES += [
    Rule(
        id="copy-into-static-input",
        pages=("compiled",),
        over=("tensor", "mode"),
        inside=lambda case: not case["requires_grad"] and not case["inference"],
        predicate=copy_into_keeps_memory,
        applies=lambda case: case["core"] and case["layout"] == "contiguous",
    ),
]

# --- an adapter merged in place (PEFT's merge without safe_merge) ------------------------------


def merge_in_place(case):
    """`weight.data += delta` under the case's grad mode, as PEFT's `merge` does: a state dict
    taken before sees it, a deep copy taken before does not."""
    import copy

    mode = case.build()
    model = nn.Sequential(nn.Linear(2, 2))
    earlier = model.state_dict()
    copied = copy.deepcopy(model)
    before = model[0].weight.detach().clone()
    with mode:
        model[0].weight.data += torch.ones(2, 2)
    merged = model[0].weight.detach()
    return check(
        torch.equal(earlier["0.weight"], merged)
        and torch.equal(copied[0].weight.detach(), before)
        and not torch.equal(merged, before),
        "merge_reached_state_dict_not_copy",
        "merge_elsewhere",
    )


RULES += [
    Rule(
        id="in-place-merge-reaches-state-dict-not-deepcopy",
        pages=("compiled",),
        over=("mode",),
        inside=lambda case: True,
        predicate=merge_in_place,
    ),
]
