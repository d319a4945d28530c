"""MkDocs hook: a line in each chapter saying which torch releases it was checked on, folded after
the chapter's opening (before its first section).

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
from tools.text import catalogue  # noqa: E402

VERSIONS_JSON = Path("generated") / "versions.json"  # under docs/
VERSIONS_PAGE = "versions.md"
SKIPPED = ("index", "versions")  # the home page has its own version note; the page itself

LINES = {
    "en": {
        "checked": "Checked with torch {first} to {last} ({count} releases, {date})",
        "same": (
            "{checked}: every snippet here that runs on a CPU prints the same with each of them "
            "([versions]({page}))."
        ),
        "differs": "outputs differ with {releases}",
        "fails": "snippets fail with {releases}",
        "partly": "not every snippet ran with {releases}",
        "changed": "{checked}: {what}; see [the differences]({page}#{anchor}).",
        "and": "; ",
        "to": "{first} to {last}",
        "list": ", ",
        "cuda": "{release} (CUDA wheel)",
        "newer": (
            " {count} of its snippets came after that run and have run with the pinned torch only."
        ),
        "edited": (
            " {count} of its snippets were edited after that run and have run as they are now"
            " with the pinned torch only."
        ),
        "new_page": (
            "Not yet run with other torch releases: this page came after the last `make versions` "
            "({date}); its snippets have run with the pinned torch only "
            "([versions]({page}))."
        ),
    },
    "zh": {
        "checked": "已用 torch {first} 至 {last}（{count} 个版本，{date}）核对",
        "same": (
            "{checked}：本页可在 CPU 上运行的代码片段，在每个版本上的输出都相同"
            "，见[《各 torch 版本》]({page})。"
        ),
        "differs": "在 {releases} 上输出不同",
        "fails": "在 {releases} 上有代码片段运行失败",
        "partly": "并非每个代码片段都在 {releases} 上运行过",
        "changed": "{checked}：{what}，差异见[《各 torch 版本》]({page}#{anchor})。",
        "and": "；",
        "to": "{first} 至 {last}",
        "list": "、",
        "cuda": "CUDA wheel 版 {release}",
        "newer": "本页有 {count} 个代码片段是在那次运行之后加入的，只在固定版本的 torch 上运行过。",
        "edited": (
            "本页有 {count} 个代码片段在那次运行之后改动过，改动后只在固定版本的 torch 上运行过。"
        ),
        "new_page": (
            "尚未用其他 torch 版本核对：本页是在上一次 `make versions`（{date}）之后加入的，"
            "其中的代码片段只在固定版本的 torch 上运行过，见[《各 torch 版本》]({page})。"
        ),
    },
}


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

    `current` lists the CPU snippets the page includes now: those the run did not measure (added
    since) are counted in the line, and a page the run never saw says so. `hashes` gives their
    content now: one whose hash is not the one the run recorded was edited since, and the line
    counts it too."""
    if page in SKIPPED:
        return None
    words = LINES.get(language, LINES["en"])
    link = posixpath.relpath(VERSIONS_PAGE, posixpath.dirname(page_path) or ".")
    chapter = next((c for c in data.get("chapters", []) if c["page"] == page), None)
    if chapter is None:
        if not current:
            return None
        return words["new_page"].format(date=data["measured"], page=link)
    newer = sorted(set(current or []) - set(chapter.get("snippets", [])))
    recorded = data.get("snippet_hashes") or {}
    edited = [
        s
        for s in current or []
        if s not in newer and s in recorded and s in (hashes or {}) and hashes[s] != recorded[s]
    ]
    line = _measured_line(data, page, words, link)
    line += words["newer"].format(count=len(newer)) if newer else ""
    return line + (words["edited"].format(count=len(edited)) if edited else "")


def _measured_line(data: dict, page: str, words: dict, link: str) -> str:
    run = [r for r in data["releases"] if not r.get("not_run")]
    numbers = sorted({r["release"].split("+")[0] for r in run}, key=_number)
    checked = words["checked"].format(
        first=numbers[0], last=numbers[-1], count=len(numbers), date=data["measured"]
    )
    twins = {n for n in numbers if sum(r["release"].split("+")[0] == n for r in run) > 1}
    others = [r for r in run if not r.get("pinned")]  # in the JSON's order, oldest first
    names = [
        words["cuda"].format(release=r["release"])
        if r["release"] in twins and r.get("build") == "cuda"
        else r["release"]
        for r in others
    ]
    parts = []
    for status in ("differs", "fails", "partly"):
        chosen = [r.get("chapters", {}).get(page) == status for r in others]
        if any(chosen):
            spans = words["list"].join(_spans(names, chosen, words["to"]))
            parts.append(words[status].format(releases=spans))
    if not parts:
        return words["same"].format(checked=checked, page=link)
    return words["changed"].format(
        checked=checked, what=words["and"].join(parts), page=link, anchor=f"versions-{page}"
    )


def inject(markdown: str, line: str, language: str = "en") -> str:
    """Put the line, folded under a one-line title, after the chapter's opening (before its
    first section): a reader's first screen holds the answer, not which releases were run."""
    title = catalogue("page_meta", language if language in LINES else "en")("versions_title")
    return pages.before_first_section(markdown, f'??? info "{title}"\n\n    {line}\n')


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
    return inject(markdown, line, language) if line else markdown
