"""The operator atlas: for every operator in PyTorch's own catalogue, does the result copy or alias
its input? Measured by running it, like the copy-semantics matrix, over the whole operator surface.

    python -m tools.generate.atlas      (= make atlas)

This module is the command line and the files. The parts, each importing only the ones after it:

- atlas_render: the lists atlas.en.md / atlas.zh.md and what their lines open on,
  atlas-details.json / atlas-details.zh.json (words: text/<language>/atlas.yml);
- atlas_pool: every OpInfo in forked workers with a timeout;
- atlas_probe: one OpInfo measured (what is measured, and on which inputs, is described there).

Writes docs/generated/atlas.json and its tables. Without CUDA the CUDA measurement is skipped and
the JSON says why; `--device cuda` measures it on a GPU machine.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import hashlib
import inspect
import json
import os
import sys
import time
from pathlib import Path

import torch

from tools.generate import atlas_pool, atlas_probe, semantics
from tools.generate.atlas_pool import measure_all, measure_isolated
from tools.generate.atlas_probe import KINDS, SAMPLES_PER_OP, AliasOp, ExtraOp, op_key, operators
from tools.generate.atlas_render import COMMAND, DETAILS_FILES, details_json, render

ROOT = Path(__file__).resolve().parents[2]
GENERATED = ROOT / "docs" / "generated"
LANGUAGES = ("en", "zh")
# The code the measurements depend on besides torch (the generator hash covers it, and
# tools/generate/versions.py measures a release again when it changes): the probe, the pool and
# the storage-overlap test they share with the copy-semantics matrix. Not the renderer or this
# command line.
MEASURING_CODE = (atlas_probe, atlas_pool, semantics.shares_storage)


def _without_docstrings(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def generator_hash() -> str:
    """What the measurements depend on besides torch: the code of MEASURING_CODE (its syntax tree
    without docstrings, so that comments, docstrings and formatting do not ask for a new run)."""
    digest = hashlib.sha256()
    for code in MEASURING_CODE:
        digest.update(_without_docstrings(inspect.getsource(code)).encode() + b"\0")
    return digest.hexdigest()[:16]


def atlas(device: str = "cpu", jobs: int = 2) -> dict:
    ops = operators()
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
        "counts": counts(ops, rows, skipped),
        "cuda": None if device == "cuda" else cuda_reason(),
        "rows": rows,
        "skipped": skipped,
    }


def reading_order(row: dict) -> tuple[str, str]:
    """Alphabetical as a reader looks for a name: `__getitem__` under g, `T` next to `t`."""
    return row["key"].lower().strip("_"), row["key"]


def counts(ops: list, rows: list[dict], skipped: list[dict]) -> dict:
    by_result = {k: sum(r["result"] == k for r in rows) for k in (*KINDS, "conditional")}
    aliases = sum(isinstance(op, AliasOp) for op in ops)
    added = sum(isinstance(op, ExtraOp) for op in ops)
    return {
        "opinfos": len(ops) - aliases - added,
        "aliases": aliases,
        "added": added,
        "entries": len(ops),
        "raised_somewhere": sum(any(s["kind"] == "raises" for s in r["samples"]) for r in rows),
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


# -- files ----------------------------------------------------------------------------------------


def outputs(data: dict) -> dict[Path, str]:
    files = {GENERATED / "atlas.json": to_json(data)}
    for language in LANGUAGES:
        files[GENERATED / f"atlas.{language}.md"] = render(data, language)
        files[GENERATED / DETAILS_FILES[language]] = details_json(data, language)
    return files


def check(keys: list[str], everything: bool) -> dict:
    """What the freshness test compares with the committed JSON: every OpInfo's key, and the
    entries of `keys` measured now (of every OpInfo when `everything`)."""
    ops = operators()
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
        print(f"measured {data['counts']['entries']} operators in {seconds:.0f} s")
    for path, text in outputs(data).items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
