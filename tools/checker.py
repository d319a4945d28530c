"""Sybil wiring: every python fence on a page is a snippet include whose output is checked.

The parser turns each python fence (with the text fence after it) into one Sybil example. The
evaluator compares what the snippet really prints with the text fence, doctest-style (`...`
matches anything). Snippets run once per test session, in one batch, and both languages reuse
that run.
"""

from __future__ import annotations

import doctest
import os
from pathlib import Path

import pytest
from sybil import Document, Example, Region, Sybil

from tools import markdown, runner

REQUIRE_CUDA = "GUIDE_REQUIRE_CUDA"  # set to 1 on the CUDA runner: a skipped GPU snippet fails

_wanted: set[str] = set()
_results: dict[str, runner.Result] = {}


def parse(document: Document):
    for found in markdown.examples(document.text):
        end = found.output.end if found.output else found.code.end
        if found.snippet and (markdown.ROOT / found.snippet).is_file():
            _wanted.add(found.snippet)
        yield Region(found.code.start, end, parsed=found, evaluator=evaluate)


def result_of(snippet: str) -> runner.Result:
    if snippet not in _results:
        _results.update(runner.run(sorted(_wanted - set(_results) | {snippet})))
    return _results[snippet]


def matches(expected: str, printed: str) -> bool:
    return doctest.OutputChecker().check_output(expected, printed, doctest.ELLIPSIS)


def evaluate(example: Example) -> str | None:
    found: markdown.Example = example.parsed
    where = f"line {found.code.line}"
    if found.snippet is None:
        return (
            f"{where}: a python block that is not one snippet include. Put the code in "
            'snippets/<chapter>/<what_it_shows>.py and write --8<-- "snippets/..." instead.'
        )
    if not (markdown.ROOT / found.snippet).is_file():
        return f"{where}: the included snippet {found.snippet} does not exist"
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
        return f"{where}: {found.snippet} did not run cleanly ({result.status}):\n{result.stderr}"
    if found.output.body == runner.GPU_PENDING:
        return f"{where}: {found.snippet} ran on a GPU; run `make outputs` here to record it"
    if not matches(found.output.body, result.stdout):
        return (
            f"{where}: the output of {found.snippet} differs from the page "
            "(`make outputs` rewrites it from a real run)\n"
            f"--- on the page\n{found.output.body}--- printed\n{result.stdout}"
        )
    return None


def make_sybil(docs: Path = markdown.DOCS) -> Sybil:
    return Sybil(parsers=[parse], patterns=["*.md"], path=str(docs), name="docs")
