"""MkDocs hook: one line under each chapter's title, saying which torch releases it was checked on.

The line comes from docs/generated/versions.json (written by `make versions`), in the page's
language, and links to the chapter's differences on the Versions page when there are any. The
chapter pages themselves are not edited: the line is added to their Markdown at build time.
"""

from __future__ import annotations

import json
import posixpath
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root, for tools.*

from tools import pages, project  # noqa: E402
from tools.text import Catalogue, catalogue  # noqa: E402

VERSIONS_JSON = Path("generated") / "versions.json"  # under docs/
VERSIONS_PAGE = "versions.md"
SKIPPED = ("index", "versions")  # the home page has its own version note; the page itself

# Each chapter status the line names, and its words (text/<language>/versions.yml, line_*).
STATUS_WORDS = {"differs": "line_differs", "fails": "line_fails", "partly": "line_partly"}


def words_for(language: str) -> Catalogue:
    """The line's words in the page's language (English for a language without a catalogue)."""
    return catalogue("versions", language if language in project.LANGUAGES else "en")


def _number(release: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", release.split("+")[0])[:3])


def _spans(names: list[str], chosen: list[bool], to: str) -> list[str]:
    """The chosen names, three or more in a row written as one span: 2.4.1 to 2.6.0."""
    found, block = [], []
    for name, wanted in [*zip(names, chosen, strict=True), ("", False)]:
        if wanted:
            block.append(name)
            continue
        if len(block) >= 3:
            found.append(to.format(first=block[0], last=block[-1]))
        else:
            found += block
        block = []
    return found


def versions_line(
    data: dict,
    page: str,
    language: str,
    page_path: str = "",
    current: list[str] | None = None,
    hashes: dict[str, str] | None = None,
) -> str | None:
    """The line for one page (its src path without .md), or None when it gets none.

    `current` lists the CPU snippets the page includes now and `hashes` their content now: those
    the run has no result for as they are now (added or edited since, listed as pending on the
    versions page) are counted in the line, and a page the run never saw says so."""
    if page in SKIPPED:
        return None
    words = words_for(language)
    link = posixpath.relpath(VERSIONS_PAGE, posixpath.dirname(page_path) or ".")
    chapter = next((c for c in data.get("chapters", []) if c["page"] == page), None)
    recorded = data.get("snippet_hashes") or {}
    pending = [s for s in current or [] if recorded.get(s) != (hashes or {}).get(s)]
    if chapter is None or (current and len(pending) == len(current) and not chapter.get("tables")):
        if not current:
            return None
        return words("line_all_pending", date=data["measured"], page=link)
    line = _measured_line(data, page, words, link)
    if pending:
        line += words("line_pending", count=len(pending), page=link)
    return line


def _measured_line(data: dict, page: str, words: Catalogue, link: str) -> str:
    run = [r for r in data["releases"] if not r.get("not_run")]
    numbers = sorted({r["release"].split("+")[0] for r in run}, key=_number)
    checked = words(
        "line_checked",
        first=numbers[0],
        last=numbers[-1],
        count=len(numbers),
        date=data["measured"],
    )
    twins = {n for n in numbers if sum(r["release"].split("+")[0] == n for r in run) > 1}
    others = [r for r in run if not r.get("pinned")]  # in the JSON's order, oldest first
    names = [
        words("line_cuda", release=r["release"])
        if r["release"] in twins and r.get("build") == "cuda"
        else r["release"]
        for r in others
    ]
    parts = []
    for status in ("differs", "fails", "partly"):
        chosen = [r.get("chapters", {}).get(page) == status for r in others]
        if any(chosen):
            spans = words("line_list").join(_spans(names, chosen, words.raw("line_to")))
            parts.append(words(STATUS_WORDS[status], releases=spans))
    if not parts:
        return words("line_same", checked=checked, page=link)
    return words(
        "line_changed",
        checked=checked,
        what=words("line_and").join(parts),
        page=link,
        anchor=f"versions-{page}",
    )


def inject(markdown: str, line: str) -> str:
    """Put the line right after the page's first level-1 heading."""
    lines = markdown.split("\n")
    for i, text in enumerate(lines):
        if text.startswith("# "):
            return "\n".join(lines[: i + 1] + ["", line] + lines[i + 1 :])
    return markdown


def on_page_markdown(markdown, page, config, files):
    path = Path(config["docs_dir"]) / VERSIONS_JSON
    if not path.is_file():
        return markdown
    src = getattr(page.file, "norm_src_uri", page.file.src_uri)  # clone.md for clone.zh.md
    if not src.endswith(".md"):
        return markdown
    data = json.loads(path.read_text(encoding="utf-8"))
    current = [
        example.snippet
        for example in pages.examples(markdown)
        if example.snippet
        and (project.ROOT / example.snippet).is_file()
        and not project.needs_cuda(project.ROOT / example.snippet)
    ]
    language = getattr(page.file, "locale", "en")
    hashes = {snippet: project.snippet_hash(snippet) for snippet in current}
    line = versions_line(data, src[: -len(".md")], language, src, current, hashes)
    return inject(markdown, line) if line else markdown
