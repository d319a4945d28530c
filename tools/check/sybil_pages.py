"""Sybil wiring: every python fence on a page is a snippet include whose output is checked.

The parser turns each example of tools/pages.py (a python fence with the text fence after it)
into one Sybil region. The evaluator compares what the snippet really prints with the text fence,
doctest-style (`...` matches anything). The first evaluation runs, once, in one batch
(tools/snippets.py), every snippet that the pages pytest collected include (every page's, when
it collected none), and the checker's own sample snippets (tests/data/snippets/); both
languages reuse that run. `make check PAGE=<chapter>` thus runs that chapter's snippets only.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sybil import Document, Example, Region, Sybil

from tools import pages, project, snippets

REQUIRE_CUDA = "GUIDE_REQUIRE_CUDA"  # set to 1 on the CUDA runner: a skipped GPU snippet fails

SAMPLE_SNIPPETS = project.ROOT / "tests" / "data" / "snippets"  # tests/test_checker_can_fail.py

_results: dict[str, snippets.Result] = {}
_collected: set[Path] = set()  # the pages pytest collected (tests/conftest.py says which)


def collected(page: Path) -> None:
    _collected.add(Path(page))


def _first_batch() -> set[str]:
    if _collected:
        texts = [page.read_text(encoding="utf-8") for page in sorted(_collected)]
        wanted = {e.snippet for text in texts for e in pages.examples(text) if e.snippet}
        wanted = {s for s in wanted if (project.ROOT / s).is_file()}
    else:
        wanted = set(pages.wanted_snippets())
    samples = project.snippet_files(SAMPLE_SNIPPETS) if SAMPLE_SNIPPETS.is_dir() else []
    return wanted | {p.relative_to(project.ROOT).as_posix() for p in samples}


def result_of(snippet: str) -> snippets.Result:
    """What a snippet printed. The first call runs the whole batch (above)."""
    if snippet not in _results:
        batch = _first_batch() - set(_results) if not _results else set()
        _results.update(snippets.run(sorted(batch | {snippet})))
    return _results[snippet]


def parse(document: Document):
    for found in pages.examples(document.text):
        end = found.output.end if found.output else found.code.end
        yield Region(found.code.start, end, parsed=found, evaluator=evaluate)


def evaluate(example: Example) -> str | None:
    found: pages.Example = example.parsed
    where = f"line {found.code.line}"
    if found.code.quoted:
        return f"{where}: {pages.QUOTED_CODE}"
    if found.snippet is None:
        return (
            f"{where}: a python block that is not one snippet include. Put the code in "
            'snippets/<chapter>/<what_it_shows>.py and write --8<-- "snippets/..." instead.'
        )
    if not (project.ROOT / found.snippet).is_file():
        missing = f"the included snippet {found.snippet} does not exist"
        return f"{where}: {missing}{pages.near(found.snippet)}"
    if found.output is None:
        return (
            f"{where}: {found.snippet} has no ```text block right after it with its output "
            "(`make outputs` writes one)"
        )
    result = result_of(found.snippet)
    if result.status == "skipped":
        if os.environ.get(REQUIRE_CUDA) == "1":
            return f"{where}: {found.snippet} was skipped ({result.stderr}) but {REQUIRE_CUDA}=1"
        pytest.skip(f"{found.snippet}: {result.stderr}")
    if result.status != "ok":
        return f"{where}: {result.how or found.snippet + ' failed'}:\n{result.stderr}"
    if snippets.is_gpu_pending(found.output.body):
        return f"{where}: {found.snippet} ran on a GPU; run `make outputs` here to record it"
    if not pages.matches(found.output.body, result.stdout):
        first, diff = pages.output_diff(found.output, result.stdout)
        return (
            f"line {first}: the output block of {found.snippet} ({pages.lines_of(found.output)}) "
            "differs from what the snippet printed; `make outputs` rewrites it from a real run, "
            "or fix the snippet\n" + diff
        )
    return None


def make_sybil(docs: Path = project.DOCS) -> Sybil:
    return Sybil(parsers=[parse], patterns=["*.md"], path=str(docs), name="docs")
