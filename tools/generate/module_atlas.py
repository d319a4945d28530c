"""The module atlas: what every public call on a module or an optimizer does to the tensors a model
holds, measured per call and module kind. The operator atlas's counterpart one level up.

    python -m tools.generate.module_atlas            (= make module-atlas; about 20 s)
    python -m tools.generate.module_atlas --render   only re-render the committed JSON
    python -m tools.generate.module_atlas --check 'm.to(torch.float64) @ buffers' ...
                                                     print those rows measured now (the test)

The parts: module_atlas_probe (the calls, and one call on one module kind measured; what is
measured is described there), module_atlas_render (the lists included by docs/module-atlas.md
and .zh.md), tools/space/modules.py (the module kinds). Writes docs/generated/module-atlas.json
and module-atlas.en.md / .zh.md.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import inspect
import json
import re
import sys
import time
from pathlib import Path

import torch

from tools.generate import module_atlas_probe
from tools.generate.atlas import _without_docstrings, to_json  # one line per row, sorted
from tools.generate.module_atlas_probe import CALLS, measure, row_id, unmeasured
from tools.generate.module_atlas_render import COMMAND, render
from tools.project import GENERATED, LANGUAGES, ROOT
from tools.space import modules as space_modules
from tools.space.modules import KINDS

JSON = GENERATED / "module-atlas.json"
# What the rows depend on besides torch: the calls and the measuring, and the module kinds.
MEASURING_CODE = (module_atlas_probe, space_modules)


def generator_hash() -> str:
    digest = hashlib.sha256()
    for code in MEASURING_CODE:
        digest.update(_without_docstrings(inspect.getsource(code)).encode() + b"\0")
    return digest.hexdigest()[:16]


def module_atlas() -> dict:
    rows = module_atlas_probe.measure_all()
    measured = [r for r in rows if r["module"] is not None]
    return {
        "command": COMMAND,
        "torch": torch.__version__,
        "generator": generator_hash(),
        "date": datetime.date.today().isoformat(),
        "kinds": list(KINDS),
        "counts": {
            "calls": len(CALLS),
            "kinds": len(KINDS),
            "rows": len(rows),
            "measured": sum(
                any(r[f] is not None for f in module_atlas_probe.FIELDS) for r in measured
            ),  # fmt: skip
            "raised": sum("raises" in r for r in measured),
            "unmeasured": len(rows) - len(measured),
        },
        "rows": rows,
    }


def rows(path: Path = JSON) -> dict[str, dict]:
    """The committed rows by id (`row_id`: "<call> @ <module kind>"), for code that holds a
    rule or a sentence to them."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {row_id(r["call"], r["module"]): r for r in data["rows"]}


def outputs(data: dict) -> dict[Path, str]:
    files = {JSON: to_json(data)}
    for language in LANGUAGES:
        files[GENERATED / f"module-atlas.{language}.md"] = render(data, language)
    return files


def check(ids: list[str]) -> dict:
    """What the freshness test compares with the committed JSON: these rows measured now."""
    by_id = {}
    for call in CALLS:
        if call.needs:
            by_id[row_id(call.expr, None)] = lambda call=call: unmeasured(call)
        for kind in KINDS.values():
            by_id[row_id(call.expr, kind.name)] = lambda call=call, kind=kind: measure(call, kind)
    return {"torch": torch.__version__, "generator": generator_hash(),
            "rows": [by_id[i]() for i in ids]}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog=COMMAND, description=__doc__.splitlines()[0])
    parser.add_argument("--render", action="store_true", help="only re-render the committed JSON")
    parser.add_argument("--check", nargs="+", metavar="ROW", help="print these rows measured now")
    options = parser.parse_args(argv)
    if options.check:
        json.dump(check(options.check), sys.stdout)
        return 0
    if options.render:
        data = json.loads(JSON.read_text(encoding="utf-8"))
    else:
        started = time.perf_counter()
        data = module_atlas()
        seconds = time.perf_counter() - started
        print(f"measured {data['counts']['rows']} rows in {seconds:.0f} s")
    for path, text in outputs(data).items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


# -- sentences that cite a row ---------------------------------------------------------------------

# A sentence that states what a call does cites its row: a link to the call's line, and right after
# it a marker naming the row and the values the sentence asserts, which the test suite holds to the
# committed JSON:
#   [...](module-atlas.md#call-m-to-torch-float64)<!-- module-atlas: m.to(torch.float64) @
#   buffers: buffers_same_object=some -->   (on one line)
# A value is true, false, some or null; the field `raises` asserts whether the call raised.
MARKER = re.compile(
    r"(?P<link>\]\((?:[\w./-]*module-atlas\.md)?#(?P<anchor>call-[\w-]+)\))?"
    r"<!-- module-atlas: (?P<call>[^@]+?) @ (?P<module>[\w-]+): (?P<claims>.+?) -->"
)
VALUES = {"true": True, "false": False, "some": "some", "null": None}


def markers(text: str) -> list[dict]:
    found = []
    for match in MARKER.finditer(text):
        claims = dict(part.strip().split("=", 1) for part in match["claims"].split(","))
        line = text.count("\n", 0, match.start()) + 1
        found.append({"call": match["call"], "module": match["module"], "claims": claims,
                      "anchor": match["anchor"], "line": line})  # fmt: skip
    return found


def contradictions(text: str, where: str, rows: list[dict]) -> list[str]:
    """What each marker of a page says that its row does not, and markers that cite no row or
    stand without their link."""
    by_id = {row_id(r["call"], r["module"]): r for r in rows}
    problems = []
    for marker in markers(text):
        at = f"{where}:{marker['line']}: {marker['call']} @ {marker['module']}"
        row = by_id.get(row_id(marker["call"], marker["module"]))
        if row is None:
            problems.append(f"{at}: no such row in module-atlas.json")
            continue
        target = module_atlas_probe.anchor(marker["call"])
        if marker["anchor"] != target:
            problems.append(f"{at}: the marker must follow a link to #{target}")
        for field, said in marker["claims"].items():
            if said not in VALUES:
                problems.append(f"{at}: {field}={said} is not one of {', '.join(VALUES)}")
                continue
            found = ("raises" in row) if field == "raises" else row.get(field, "(no such field)")
            if found != VALUES[said]:
                problems.append(
                    f"{at}: the sentence says {field}={said}, the row says {json.dumps(found)}"
                )
    return problems


if __name__ == "__main__":
    sys.exit(main())
