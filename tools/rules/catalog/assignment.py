"""The rules docs/assignment.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

import copy

import torch

from tools.rules.conditions import autograd_allows_write, writable
from tools.rules.core import Rule, check
from tools.rules.probes import comparable, same_values, share_memory


def assignment_is_the_object(case):
    a = case.build()
    b = a
    return check(b is a, "same_object", "other_object")


def indexed_assignment_copies(case):
    a = case.build()
    with torch.no_grad():
        b = torch.zeros_like(a, requires_grad=False)
        b[...] = a
        before = comparable(b).clone()
        a.fill_(1)
    return check(
        torch.equal(comparable(b), before) and not share_memory(a, b),
        "values_copied_in",
        "write_reached_copy",
    )


def underscore_returns_self(case):
    t, mode = case.build()
    with mode:
        returned = t.mul_(torch.ones((), dtype=t.dtype))
    return check(returned is t, "returned_itself", "returned_other")


def plain_form_new_memory(case):
    t = case.build()
    result = t.mul(1)
    return check(
        result is not t and not share_memory(result, t),
        "new_object_own_memory",
        "shares_with_input",
    )


def augmented_in_place(case):
    a = case.build()
    b = a
    b += torch.ones((), dtype=b.dtype)
    return check(b is a, "updated_in_place", "rebound_to_new")


def shallow_copies_share(case):
    t = case.build()
    held = [t]
    copies = [list(held), held[:], copy.copy(held)]
    return check(all(c[0] is t for c in copies), "same_tensor_inside", "other_tensor_inside")


def deepcopy_copies_leaves(case):
    t = case.build()
    (inside,) = copy.deepcopy([t])
    return check(
        inside is not t and not share_memory(inside, t) and same_values(inside, t),
        "deep_copied",
        "not_deep_copied",
    )


def argument_write_reaches_caller(case):
    caller = case.build()

    def normalise(x):
        x.zero_()

    normalise(caller)
    return check(bool((comparable(caller) == 0).all()), "caller_changed", "caller_unchanged")


RULES = [
    Rule(
        id="assignment-is-the-same-object",
        pages=("assignment",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=assignment_is_the_object,
    ),
    Rule(
        id="indexed-assignment-copies-values",
        pages=("assignment",),
        over=("tensor",),
        inside=writable,
        predicate=indexed_assignment_copies,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="underscore-method-returns-itself",
        pages=("assignment",),
        over=("tensor", "mode"),
        inside=lambda case: writable(case) and (autograd_allows_write(case) or not case["grad_on"]),
        predicate=underscore_returns_self,
        applies=lambda case: case["core"],
    ),
    Rule(
        id="plain-form-new-memory",
        pages=("assignment",),
        over=("tensor",),
        inside=lambda case: case["arithmetic"] and not case["sparse"],
        predicate=plain_form_new_memory,
    ),
    Rule(
        id="augmented-operator-in-place",
        pages=("assignment",),
        over=("tensor",),
        inside=lambda case: writable(case) and autograd_allows_write(case),
        predicate=augmented_in_place,
        applies=lambda case: not case["sparse"],
    ),
    Rule(
        id="shallow-list-copies-share-tensors",
        pages=("assignment",),
        over=("tensor",),
        inside=lambda case: True,
        predicate=shallow_copies_share,
        applies=lambda case: case["core"],
    ),
    Rule(
        id="deepcopy-copies-leaf-tensors",
        pages=("assignment", "edges"),
        over=("tensor",),
        inside=lambda case: case["leaf"] and case["layout"] != "sparse_csr",
        predicate=deepcopy_copies_leaves,
    ),
    Rule(
        id="argument-write-reaches-caller",
        pages=("assignment",),
        over=("tensor",),
        inside=lambda case: writable(case) and autograd_allows_write(case),
        predicate=argument_write_reaches_caller,
        applies=lambda case: not case["sparse"],
    ),
]


def indexed_write_in_place(case):
    from tools.rules.catalog.layers import _source

    source = _source()
    storage, version = source.untyped_storage()._cdata, source._version
    source[case.build()] = -1.0
    return check(
        source.untyped_storage()._cdata == storage
        and source._version > version
        and bool((source == -1).any()),
        "index_written_in_place",
        "index_not_written",
    )


def _accepted_index(case) -> bool:
    from tools.rules.catalog.layers import ACCEPTED, INTEGER

    if case["kind"] == "tensor":
        return case["dtype"] in ACCEPTED and case["dtype"] != "uint8"
    if case["kind"] == "zero_d":
        return case["dtype"] in ACCEPTED + INTEGER
    return case.key not in ("false", "empty_slice")


RULES.append(
    Rule(
        id="indexed-assignment-writes-in-place",
        pages=("assignment",),
        over=("index",),
        inside=_accepted_index,
        predicate=indexed_write_in_place,
    )
)
