"""Lexing of the guide's Markdown pages.

One reader of the page format, used by the Sybil parser, the structure tests and the output
rewriter, so that all three agree on what a page contains. It knows fenced code blocks (also
indented inside admonitions and tabs), snippet includes, headings with their anchors, and
admonitions. Nothing here runs code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
LANGUAGES = ("en", "zh")

_FENCE_OPEN = re.compile(r"^(?P<indent>[ ]*)(?P<fence>`{3,}|~{3,})[ ]*(?P<info>[^`\n]*?)[ ]*$")
_INCLUDE = re.compile(r"""^-{1,}8<-{1,}[ ]+(?P<q>["'])(?P<path>[^"']+)(?P=q)[ ]*$""")
_HEADING = re.compile(r"^(?P<hashes>#{1,6})[ ]+(?P<text>.*?)[ ]*$")
_ANCHOR = re.compile(r"\{[ ]*#(?P<anchor>[A-Za-z0-9_-]+)[ ]*\}$")
_ADMONITION = re.compile(r"^[ ]*(?:!!!|\?\?\?\+?)[ ]+(?P<kind>[a-z]+)\b")
_TAB = re.compile(r'^[ ]*===\+?[ ]+"')

CUDA_MARKER = "# requires: cuda"


@dataclass(frozen=True)
class Fence:
    """A fenced code block. Offsets are character positions in the page text."""

    start: int  # first character of the opening fence line
    end: int  # just after the closing fence line (and its newline)
    line: int  # 1-based line number of the opening fence
    indent: str
    info: str  # the word after the fence: "python", "text", "mermaid", ...
    body: str  # content with the fence's indentation removed, ending in a newline if not empty
    body_start: int
    body_end: int

    @property
    def lang(self) -> str:
        return self.info.lstrip("{").lstrip(".").split(" ")[0].split("{")[0] if self.info else ""

    @property
    def include(self) -> str | None:
        """The snippet path when the block is exactly one include line, else None."""
        lines = [line for line in self.body.splitlines() if line.strip()]
        if len(lines) == 1:
            match = _INCLUDE.match(lines[0].strip())
            if match:
                return match["path"]
        return None


@dataclass(frozen=True)
class Example:
    """A python fence and the output fence that follows it (None when missing)."""

    code: Fence
    output: Fence | None

    @property
    def snippet(self) -> str | None:
        return self.code.include


def fences(text: str) -> list[Fence]:
    found = []
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    i = 0
    while i < len(lines):
        opening = _FENCE_OPEN.match(lines[i].rstrip("\n"))
        if not opening:
            i += 1
            continue
        char, size, indent = opening["fence"][0], len(opening["fence"]), opening["indent"]
        closing = re.compile(rf"^[ ]*{re.escape(char)}{{{size},}}[ ]*$")
        j = i + 1
        while j < len(lines) and not closing.match(lines[j].rstrip("\n")):
            j += 1
        if j == len(lines):
            raise ValueError(f"line {i + 1}: code fence is never closed")
        body_lines = [_dedent(line, indent) for line in lines[i + 1 : j]]
        found.append(
            Fence(
                start=offsets[i],
                end=offsets[j + 1],
                line=i + 1,
                indent=indent,
                info=opening["info"],
                body="".join(body_lines),
                body_start=offsets[i + 1],
                body_end=offsets[j],
            )
        )
        i = j + 1
    return found


def _dedent(line: str, indent: str) -> str:
    return line[len(indent) :] if line.startswith(indent) else line.lstrip(" ")


def examples(text: str) -> list[Example]:
    """Every python fence of a page, each paired with the text fence right after it."""
    all_fences = fences(text)
    found = []
    for k, fence in enumerate(all_fences):
        if fence.lang != "python":
            continue
        following = all_fences[k + 1] if k + 1 < len(all_fences) else None
        adjacent = following is not None and not text[fence.end : following.start].strip()
        output = following if adjacent and following.lang == "text" else None
        found.append(Example(fence, output))
    return found


def _outside_fences(text: str) -> list[tuple[int, str]]:
    """(line number, line) for every line that is not inside a code fence."""
    inside = set()
    for fence in fences(text):
        first = text.count("\n", 0, fence.start)
        last = text.count("\n", 0, fence.end - 1)
        inside.update(range(first, last + 1))
    return [(n + 1, line) for n, line in enumerate(text.splitlines()) if n not in inside]


@dataclass(frozen=True)
class Heading:
    line: int
    level: int
    title: str
    anchor: str | None


def headings(text: str) -> list[Heading]:
    found = []
    for number, line in _outside_fences(text):
        match = _HEADING.match(line)
        if match:
            anchor = _ANCHOR.search(match["text"])
            title = _ANCHOR.sub("", match["text"]).strip()
            found.append(Heading(number, len(match["hashes"]), title, anchor and anchor["anchor"]))
    return found


def structure(text: str) -> list[tuple[str, str]]:
    """The language-independent skeleton of a page, in order.

    Two translations of a page must have the same skeleton: the same snippets with the same
    outputs, the same anchors, admonition kinds, content tabs and diagrams.
    """
    items: list[tuple[int, tuple[str, str]]] = []
    for fence in fences(text):
        if fence.lang == "python":
            items.append((fence.start, ("include", fence.include or "<hand-typed code>")))
        elif fence.lang == "text":
            items.append((fence.start, ("output", fence.body)))
        else:
            items.append((fence.start, ("fence", fence.lang)))
    line_starts = [0]
    for line in text.splitlines(keepends=True):
        line_starts.append(line_starts[-1] + len(line))
    for number, line in _outside_fences(text):
        position = line_starts[number - 1]
        heading = _HEADING.match(line)
        if heading:
            anchor = _ANCHOR.search(heading["text"])
            items.append((position, ("anchor", anchor["anchor"] if anchor else "<none>")))
        admonition = _ADMONITION.match(line)
        if admonition:
            items.append((position, ("admonition", admonition["kind"])))
        if _TAB.match(line):
            items.append((position, ("tab", "")))
    return [item for _, item in sorted(items, key=lambda pair: pair[0])]


def language_of(page: Path) -> str:
    return "zh" if page.name.endswith(".zh.md") else "en"


def translation_of(page: Path) -> Path:
    """The same page in the other language (suffix layout: page.md / page.zh.md)."""
    if page.name.endswith(".zh.md"):
        return page.with_name(page.name[: -len(".zh.md")] + ".md")
    return page.with_name(page.name[: -len(".md")] + ".zh.md")


def pages(docs: Path = DOCS) -> list[Path]:
    """Hand-written pages; generated ones are checked by their own generators' tests."""
    return sorted(p for p in docs.rglob("*.md") if "generated" not in p.relative_to(docs).parts)


def snippet_files(snippets: Path = SNIPPETS) -> list[Path]:
    return sorted(p for p in snippets.rglob("*.py") if "__pycache__" not in p.parts)


def needs_cuda(snippet: Path) -> bool:
    """A snippet that needs a GPU says so in a comment among its first lines."""
    with open(snippet, encoding="utf-8") as handle:
        head = [next(handle, "") for _ in range(5)]
    return any(line.strip() == CUDA_MARKER for line in head)


def structure_difference(page: str, translation: str) -> str | None:
    """Where two translations of a page stop having the same skeleton, or None."""
    one, other = structure(page), structure(translation)
    for position, (mine, theirs) in enumerate(zip(one, other, strict=False)):
        if mine != theirs:
            return f"item {position + 1}: {mine!r} here, {theirs!r} in the translation"
    if len(one) != len(other):
        return f"{len(one)} items here, {len(other)} in the translation"
    return None


def unshown_snippets(docs: Path = DOCS, snippets: Path = SNIPPETS) -> list[str]:
    """Snippets that some language never includes, as 'path (language)'."""
    shown: dict[str, set[str]] = {language: set() for language in LANGUAGES}
    for page in pages(docs):
        for found in examples(page.read_text(encoding="utf-8")):
            if found.snippet:
                shown[language_of(page)].add(found.snippet)
    missing = []
    for snippet in snippet_files(snippets):
        relative = snippet.relative_to(snippets.parent).as_posix()
        missing += [f"{relative} ({lang})" for lang in LANGUAGES if relative not in shown[lang]]
    return missing
