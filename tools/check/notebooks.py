"""What tests/test_notebooks.py asks of a committed notebook (docs/notebooks/, `make notebooks`).

- staleness: its cells are still the ones its page gives now (built in memory, not run);
- missing_text: every text block of the page is in one of its Markdown cells;
- output_differences: what each code cell printed is what the page shows under that snippet.

A difference the page itself causes is told apart from a stale notebook, so that the advice is
the right one: a page whose output block is wrong (its own Sybil check fails) is not a notebook
problem, and a page out of step with its twin is fixed on the pages before `make notebooks`
(which would otherwise copy the gap into the notebook).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from tools import pages, project, snippets
from tools.generate.notebooks import page_path, prose


def _source(cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def staleness(committed: dict, fresh: dict) -> str | None:
    """Where a committed notebook's cells stop being the ones its page gives now, or None."""

    def cells(notebook):
        return [
            (c["cell_type"], _source(c), c["metadata"].get("snippet")) for c in notebook["cells"]
        ]

    have, want = cells(committed), cells(fresh)
    for k, (mine, theirs) in enumerate(zip(have, want, strict=False)):
        if mine != theirs:
            what = f"cell {k} ({mine[2] or mine[0]})"
            diff = difflib.unified_diff(
                mine[1].splitlines(),
                theirs[1].splitlines(),
                "in the committed notebook",
                "from the page and snippets now",
                n=1,
                lineterm="",
            )
            return f"{what}:\n" + "\n".join(diff)
    if len(have) != len(want):
        return f"{len(have)} cells, the page now gives {len(want)}"
    return None


Runner = Callable[[list[str]], dict[str, snippets.Result]]


def output_differences(
    page_text: str, committed: dict, run: Runner | None = None
) -> tuple[list[str], list[str], list[str]]:
    """(problems, snippets not run, page mistakes): code cells whose printed text is not what
    the page shows.

    Compared like the Sybil checker compares a page with a run (`...` on the page matches
    anything). Only printed text may come out of a cell: an expression's value or an error
    shown by the notebook would not be on the page. With `run` (tools.snippets.run), a cell
    that differs from the page but printed what the snippet prints when run now is a mistake
    of the page's output block, which the page's own check reports: it is listed apart.
    """
    shown: dict[str, pages.Fence] = {}
    for found in pages.examples(page_text):
        if found.snippet and found.output is not None:
            shown.setdefault(found.snippet, found.output)
    problems, not_run, differing = [], [], {}
    for cell in committed["cells"]:
        snippet = cell["metadata"].get("snippet")
        if cell["cell_type"] != "code" or snippet is None:
            continue
        if cell.get("execution_count") is None:
            not_run.append(snippet)
            continue
        outputs = cell.get("outputs", [])
        kinds = {(o["output_type"], o.get("name")) for o in outputs}
        printed = "".join(
            _source({"source": o["text"]}) for o in outputs if o.get("name") == "stdout"
        )
        unexpected = kinds - {("stream", "stdout"), ("stream", "stderr")}
        if unexpected:
            problems.append(f"{snippet}: outputs other than printed text: {sorted(unexpected)}")
        elif snippet not in shown:
            problems.append(f"{snippet}: not on the page with an output block")
        elif not pages.matches(shown[snippet].body, printed):
            differing[snippet] = printed
    ran = run(sorted(differing)) if run and differing else {}
    page_mistakes = []
    for snippet, printed in differing.items():
        output = shown[snippet]
        now = ran.get(snippet)
        if now is not None and now.status == "ok" and now.stdout == printed:
            page_mistakes.append(f"{snippet} (its output block, {pages.lines_of(output)})")
            continue
        line, diff = pages.output_diff(output, printed)
        problems.append(
            f"{snippet}: the notebook printed something else than the page's output block "
            f"(line {line}):\n{diff.replace('+ printed', '+ the notebook printed')}"
        )
    return problems, not_run, page_mistakes


def missing_text(slug: str, language: str, notebook: dict) -> list[str]:
    """Text blocks of the page (headings, paragraphs, lists, tables, admonition and tab titles)
    that no Markdown cell of the notebook contains, as 'line N: start of the block'."""
    text = page_path(slug, language).read_text(encoding="utf-8")
    cells = " ".join(_flat(_source(c)) for c in notebook["cells"] if c["cell_type"] == "markdown")
    missing = []
    for block in pages.walk(pages.blocks(text)):
        if isinstance(block, pages.Heading):
            wanted = [block.title]
        elif isinstance(block, pages.Admonition | pages.Tab):
            wanted = [getattr(block, "title", None) or getattr(block, "label", "")]
        elif isinstance(block, pages.ListBlock):
            cuts = [block.start, *(x for f in block.fences for x in (f.start, f.end)), block.end]
            wanted = [text[a:b] for a, b in zip(cuts[::2], cuts[1::2], strict=True)]
        elif isinstance(block, pages.Paragraph | pages.Table):
            wanted = [block.text]
        else:
            continue
        for part in wanted:
            if _flat(prose(part, slug, language)) not in cells:
                missing.append(f"line {block.line}: {part.strip()[:60]}")
    return missing


def pages_out_of_step(slug: str) -> str | None:
    """Where a chapter's page and its twin differ in structure (the parity test's message)."""
    english = page_path(slug, project.DEFAULT_LANGUAGE)
    for language in project.LANGUAGES[1:]:
        other = page_path(slug, language)
        if not (english.is_file() and other.is_file()):
            continue
        names = tuple(p.relative_to(project.ROOT).as_posix() for p in (english, other))
        difference = pages.structure_difference(
            english.read_text(encoding="utf-8"), other.read_text(encoding="utf-8"), names
        )
        if difference:
            return difference
    return None


def _flat(markdown: str) -> str:
    """Markdown without quote markers and with every run of whitespace as one space."""
    lines = (re.sub(r"^(?:>[ ]?)+", "", line) for line in markdown.splitlines())
    return " ".join(" ".join(lines).split())
