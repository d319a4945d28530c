"""Writes a GPU record (tools/generate/gpu_record.py) into the pages and generated files at once.

    python -m tools.generate.gpu_apply DIR        (or: make gpu-apply DIR=...)

DIR holds gpu-record.json. This rewrites, through the code that `make outputs`, `make tables` and
`make bench` use:

- the output block of every CUDA snippet, on every page in both languages
  (tools/generate/outputs.py);
- docs/generated/copy_semantics-cuda.{json,en.md,zh.md} (tools/generate/semantics.py's renderer);
- docs/generated/timings-cuda.{json,en.md,zh.md,svg,zh.svg,dark.svg,dark.zh.svg}
  (tools/generate/bench_render.py);
- docs/generated/gpu-run.{en,zh}.md: an admonition that says which GPU, driver, torch and CUDA
  printed the GPU outputs, for the pages to include near their GPU sections.

Then read `git diff`. A snippet that failed, timed out or was not run is listed and makes the exit
status 1 (its block is left as it was); a record made with --cpu-standin is refused (exit 2)
unless --allow-standin is given, which only tests may do.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tools import pages, project, snippets
from tools.generate import gpu_transfers, outputs, semantics
from tools.text import Catalogue, catalogue

RECORD = (
    "gpu-record.json"  # tools/generate/gpu_record.py's RECORD; not imported, to keep torch away
)
FORMAT = "gpu-record/1"


class ApplyError(Exception):
    """A record that cannot be applied; one line, exit status 2."""


def load(path: Path) -> dict:
    path = Path(path)
    if path.is_dir():
        path = path / RECORD
    if not path.is_file():
        raise ApplyError(f"no {RECORD} at {path}")
    record = json.loads(path.read_text(encoding="utf-8"))
    if record.get("format") != FORMAT:
        raise ApplyError(f"{path}: not a {FORMAT} file (format: {record.get('format')!r})")
    return record


# -- the provenance note ------------------------------------------------------------------------


def words(language: str) -> Catalogue:
    """The note's sentences: text/<language>/gpu_run.yml."""
    return catalogue("gpu_run", language)


def render_provenance(record: dict | None, language: str, failed: list[str] = ()) -> str:
    """The admonition docs/generated/gpu-run.<language>.md; record None: no GPU run yet."""
    said = words(language)
    out = [f"<!-- {said('generated')} -->", ""]
    if record is None:
        out += [f'!!! info "{said("none_title")}"', "", f"    {said('none')}"]
        return "\n".join(out) + "\n"
    side = record["environment"].get("torch") or {}
    smi = record["environment"].get("nvidia_smi") or {}
    facts = {
        "gpu": side.get("device_name") or smi.get("name") or "CPU stand-in",
        "torch": side.get("torch", "–"),
        "cuda": side.get("torch_cuda") or "–",
        "driver": smi.get("driver_version") or "–",
        "date": record["started"][:10],
    }
    out += [f'!!! info "{said("title")}"', "", "    " + said("ran", **facts)]
    if record.get("standin"):
        out += ["", "    " + said("standin")]
    if failed:
        examples = said("list").join(f"`{p}`" for p in failed)
        out += ["", "    " + said("failed", examples=examples)]
    return "\n".join(out) + "\n"


# -- applying -----------------------------------------------------------------------------------


def apply(record: dict, root: Path = project.ROOT, allow_standin: bool = False) -> list[str]:
    """Write the record into the pages and generated files under root; returns the problems."""
    if record.get("standin") and not allow_standin:
        raise ApplyError(
            "this record was made with --cpu-standin (CPU tensors, no GPU): not applied"
        )
    root = Path(root)
    docs, generated = root / "docs", root / "docs" / "generated"
    problems: list[str] = []

    # 1. Snippet outputs, every page, both languages
    results: dict[str, snippets.Result] = {}
    for path, found in record["snippets"].items():
        results[path] = snippets.Result(
            found["status"], found["stdout"], found["stderr"], found["seconds"]
        )
    expected = [
        p.relative_to(root).as_posix()
        for p in project.snippet_files(root / "snippets")
        if project.needs_cuda(p)
    ]
    for path in expected:
        if path not in results:
            problems.append(f"{path}: not in the record (it was added after the GPU run)")
    failed = []
    for path, result in sorted(results.items()):
        if result.status == "skipped":
            if not record.get("standin"):
                problems.append(f"{path}: not run ({result.stderr})")
        elif result.status != "ok":
            failed.append(path)
            code = record["snippets"][path].get("returncode")
            problems.append(
                f"{path}: {result.status} (exit status {code}); its block is left as it was\n"
                + _indent(result.stderr.strip() or "(no stderr)")
            )
    total = 0
    for page in project.pages(docs):
        text = page.read_text(encoding="utf-8")
        new, changed = outputs.rewrite(text, results, project.language_of(page))
        if changed:
            page.write_text(new, encoding="utf-8")
            print(f"{page.relative_to(root)}: {changed} output block(s) rewritten")
            total += changed
    pending = [
        f"{page.relative_to(root)}: {found.snippet}"
        for page in project.pages(docs)
        for found in pages.examples(page.read_text(encoding="utf-8"))
        if found.output is not None
        and snippets.is_gpu_pending(found.output.body)
        and results.get(found.snippet or "", None) is not None
        and results[found.snippet].status == "ok"
    ]
    problems += [f"{where}: still says it has not run on a GPU" for where in pending]
    print(f"{total} output block(s) rewritten from {len(results)} recorded snippets")

    # 2. The CUDA copy-semantics matrix
    generated.mkdir(parents=True, exist_ok=True)
    if record.get("semantics"):
        cuda = record["semantics"]
        written = {generated / "copy_semantics-cuda.json": semantics.to_json(cuda)}
        for language in semantics.LANGUAGES:
            written[generated / f"copy_semantics-cuda.{language}.md"] = semantics.render(
                cuda, language, "copy_semantics-cuda.json"
            )
        for path, text in written.items():
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(root)}")
    else:
        problems.append("the record has no copy-semantics matrix (see its stages)")

    # 3. Transfer timings: JSON, tables and plots
    timings = record.get("timings")
    if timings and timings.get("results"):
        json_path = generated / "timings-cuda.json"
        json_path.write_text(json.dumps(timings, indent=1) + "\n", encoding="utf-8")
        for path in [json_path, *gpu_transfers.render_files(json_path, generated)]:
            print(f"wrote {path.relative_to(root)}")
    else:
        problems.append("the record has no benchmark results (see its stages)")

    # 4. Which GPU printed all this
    for language in project.LANGUAGES:
        path = generated / f"gpu-run.{language}.md"
        path.write_text(render_provenance(record, language, failed), encoding="utf-8")
        print(f"wrote {path.relative_to(root)}")

    for stage, account in record.get("stages", {}).items():
        for what in ("skipped", "failed"):
            for item in account.get(what) or []:
                print(f"note: the {stage} stage {what} {item}")
    return problems


def _indent(text: str) -> str:
    return "".join("    " + line for line in text.splitlines(True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.generate.gpu_apply", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("record", type=Path, help="the folder gpu_record wrote, or its JSON")
    parser.add_argument("--root", type=Path, default=project.ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--allow-standin", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        problems = apply(load(args.record), args.root, args.allow_standin)
    except ApplyError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
