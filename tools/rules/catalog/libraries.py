"""The rules docs/libraries.md states (statements and conditions: text/<language>/rules.yml)."""

from __future__ import annotations

from tools.rules.core import Rule, check


def worker_reads_parent_memory(case):
    seen = case.build()()  # what the worker measured about its dataset's memory
    shared = seen["shared_kb"] >= 0.9 * seen["size_kb"]
    return check(shared, "worker_shares_dataset", "worker_copied_dataset")


RULES = [
    Rule(
        id="dataloader-array-dataset-not-copied",
        pages=("libraries",),
        over=("process",),
        inside=lambda case: case["method"] == "fork" or case["payload"] == "tensor",
        predicate=worker_reads_parent_memory,
        applies=lambda case: case["probe"] == "dataloader",
        expensive=True,
    ),
]
