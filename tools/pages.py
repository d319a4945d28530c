"""The one reader of the guide's pages: a page is a stream of blocks.

Every tool that looks inside a page uses this module, so that they all agree on what a page
contains: the output checker (tools/check/sybil_pages.py), the parity and term tests, the output
rewriter (`make outputs`), the notebook builder (`make notebooks`) and the site hooks.

A page is read into blocks, in order: headings (with their `{ #anchor }`), paragraphs, lists,
tables, fenced code blocks, text includes (`--8<-- "docs/generated/..."` outside a fence), and
two containers whose body is indented by four spaces: admonitions (`!!! note "Title"`,
`??? warning`) and content tabs (`=== "Label"`). A python fence that is exactly one snippet
include, with the text fence right after it, is an *example*: the snippet and the output the
page claims it prints. Offsets are kept so that the rewriter can replace an output in place.
Nothing here runs code, and nothing here imports more than the standard library.
"""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tools import project, snippets

_FENCE_OPEN = re.compile(r"^(?P<pad>[ ]*)(?P<fence>`{3,}|~{3,})[ ]*(?P<info>[^`\n]*?)[ ]*$")
_INCLUDE = re.compile(r"""^-{1,}8<-{1,}[ ]+(?P<q>["'])(?P<path>[^"']+)(?P=q)[ ]*$""")
_HEADING = re.compile(r"^(?P<hashes>#{1,6})[ ]+(?P<text>.*?)[ ]*$")
_ANCHOR = re.compile(r"[ ]*\{[^}]*#(?P<anchor>[A-Za-z0-9_-]+)[^}]*\}[ ]*$")
_ATTRS = re.compile(r"[ ]*\{[^}]*\}[ ]*$")
_ADMONITION = re.compile(
    r'^(?P<marker>!!!|\?\?\?\+?)[ ]+(?P<kind>[a-z]+)(?:[ ]+"(?P<title>[^"]*)")?[ ]*$'
)
_TAB = re.compile(r'^===\+?[ ]+"(?P<label>[^"]*)"[ ]*$')
_LIST_ITEM = re.compile(r"^(?:[-*+]|\d+[.)])[ ]+")


# --- blocks -----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Block:
    """A part of a page. `text` is its source with the indentation of its container removed."""

    start: int  # offset of its first character in the page
    end: int  # offset just after its last line (and that line's newline)
    line: int  # 1-based number of its first line
    indent: str  # the indentation of its first line in the page
    text: str

    @property
    def children(self) -> tuple[Block, ...]:
        return ()


@dataclass(frozen=True, kw_only=True)
class Heading(Block):
    level: int
    title: str  # without the { #anchor } and other attributes
    anchor: str | None


@dataclass(frozen=True, kw_only=True)
class Paragraph(Block):
    pass


@dataclass(frozen=True, kw_only=True)
class ListBlock(Block):
    fences: tuple[Fence, ...] = ()  # code blocks inside its items, in order

    @property
    def children(self) -> tuple[Block, ...]:
        return self.fences


@dataclass(frozen=True, kw_only=True)
class Table(Block):
    pass


@dataclass(frozen=True, kw_only=True)
class TextInclude(Block):
    """`--8<-- "path"` outside a code fence: a file pasted into the page (a generated table)."""

    path: str


@dataclass(frozen=True, kw_only=True)
class Fence(Block):
    info: str  # what follows the opening fence: "python", "text", "mermaid", ...
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


@dataclass(frozen=True, kw_only=True)
class Container(Block):
    """An admonition or a content tab: a first line, then a body indented by four spaces."""

    body: tuple[Block, ...] = field(default=())

    @property
    def children(self) -> tuple[Block, ...]:
        return self.body


@dataclass(frozen=True, kw_only=True)
class Admonition(Container):
    kind: str  # note, warning, example, ...
    title: str | None  # None when the page gives none (Material then shows the kind)
    collapsible: bool  # ??? rather than !!!


@dataclass(frozen=True, kw_only=True)
class Tab(Container):
    label: str


class _Lines:
    """The page's lines with the offset where each starts."""

    def __init__(self, text: str):
        self.text = text
        self.raw = text.splitlines(keepends=True)
        self.offsets = [0]
        for line in self.raw:
            self.offsets.append(self.offsets[-1] + len(line))

    def content(self, i: int, indent: int) -> str:
        """Line i without its newline and without `indent` columns of indentation."""
        line = self.raw[i].rstrip("\n")
        return line[indent:] if line[:indent].strip() == "" else line.lstrip(" ")

    def blank(self, i: int) -> bool:
        return not self.raw[i].strip()

    def depth(self, i: int) -> int:
        line = self.raw[i]
        return len(line) - len(line.lstrip(" "))


def blocks(text: str) -> list[Block]:
    """The page's top-level blocks, in order (containers hold theirs)."""
    lines = _Lines(text)
    return _parse(lines, 0, len(lines.raw), 0)


def walk(found: list[Block] | tuple[Block, ...]) -> Iterator[Block]:
    """Every block in page order, a container before what it holds."""
    for block in found:
        yield block
        yield from walk(block.children)


def _parse(lines: _Lines, i: int, stop: int, indent: int) -> list[Block]:
    found: list[Block] = []
    while i < stop:
        if lines.blank(i):
            i += 1
            continue
        line = lines.content(i, indent)
        kind, j = _kind(lines, line, i, stop, indent)
        found.append(kind(lines, i, j, indent))
        i = j
    return found


def _kind(lines: _Lines, line: str, i: int, stop: int, indent: int):
    """What block starts at line i, and the line after its end."""
    if _FENCE_OPEN.match(line):
        return _fence, _fence_end(lines, line, i, stop)
    if _ADMONITION.match(line) or _TAB.match(line):
        return _container, _indented_end(lines, i + 1, stop, indent + 4)
    if _HEADING.match(line):
        return _heading, i + 1
    if _INCLUDE.match(line):
        return _text_include, i + 1
    if line.startswith("|"):
        j = i + 1
        while j < stop and lines.content(j, indent).startswith("|"):
            j += 1
        return _simple(Table), j
    if _LIST_ITEM.match(line):
        return _list, _list_end(lines, i, stop, indent)
    j = i + 1
    while j < stop and not lines.blank(j) and not _starts_block(lines.content(j, indent)):
        j += 1
    return _simple(Paragraph), j


def _starts_block(line: str) -> bool:
    return bool(
        _FENCE_OPEN.match(line)
        or _HEADING.match(line)
        or _ADMONITION.match(line)
        or _TAB.match(line)
    )


def _fence_end(lines: _Lines, line: str, i: int, stop: int) -> int:
    opening = _FENCE_OPEN.match(line)
    char, size = opening["fence"][0], len(opening["fence"])
    closing = re.compile(rf"^[ ]*{re.escape(char)}{{{size},}}[ ]*$")
    j = i + 1
    while j < len(lines.raw) and not closing.match(lines.raw[j].rstrip("\n")):
        j += 1
    if j >= len(lines.raw):
        raise ValueError(f"line {i + 1}: code fence is never closed")
    return j + 1


def _indented_end(lines: _Lines, j: int, stop: int, indent: int) -> int:
    """The end of a body indented by `indent` columns starting at line j (trailing blanks out)."""
    last = j
    while j < stop:
        if lines.blank(j):
            j += 1
            continue
        if lines.depth(j) < indent:
            break
        if _FENCE_OPEN.match(lines.content(j, indent)):
            j = _fence_end(lines, lines.content(j, indent), j, stop)
        else:
            j += 1
        last = j
    return last


def _list_end(lines: _Lines, i: int, stop: int, indent: int) -> int:
    """A list runs on through its items, their indented continuations and nested fences."""
    j = last = i + 1
    while j < stop:
        if lines.blank(j):
            j += 1
            continue
        line = lines.content(j, indent)
        if lines.depth(j) > indent:
            inner = line.lstrip(" ")
            j = _fence_end(lines, inner, j, stop) if _FENCE_OPEN.match(inner) else j + 1
        elif _LIST_ITEM.match(line) or not (lines.blank(j - 1) or _starts_block(line)):
            j += 1  # the next item, or a lazy continuation of the item's last line
        else:
            break
        last = j
    return last


def _common(lines: _Lines, i: int, j: int, indent: int) -> dict:
    return {
        "start": lines.offsets[i],
        "end": lines.offsets[j],
        "line": i + 1,
        "indent": lines.raw[i][: lines.depth(i)],
        "text": "".join(lines.content(k, indent) + "\n" for k in range(i, j)).rstrip("\n") + "\n",
    }


def _simple(cls):
    def make(lines: _Lines, i: int, j: int, indent: int) -> Block:
        return cls(**_common(lines, i, j, indent))

    return make


def _list(lines: _Lines, i: int, j: int, indent: int) -> ListBlock:
    inner = []
    k = i + 1
    while k < j:
        line = lines.raw[k].strip("\n").lstrip(" ")
        if not lines.blank(k) and lines.depth(k) > indent and _FENCE_OPEN.match(line):
            end = _fence_end(lines, line, k, j)
            inner.append(_fence(lines, k, end, lines.depth(k)))
            k = end
        else:
            k += 1
    return ListBlock(**_common(lines, i, j, indent), fences=tuple(inner))


def _heading(lines: _Lines, i: int, j: int, indent: int) -> Heading:
    match = _HEADING.match(lines.content(i, indent))
    anchor = _ANCHOR.search(match["text"])
    return Heading(
        **_common(lines, i, j, indent),
        level=len(match["hashes"]),
        title=_ATTRS.sub("", match["text"]).strip(),
        anchor=anchor["anchor"] if anchor else None,
    )


def _text_include(lines: _Lines, i: int, j: int, indent: int) -> TextInclude:
    path = _INCLUDE.match(lines.content(i, indent))["path"]
    return TextInclude(**_common(lines, i, j, indent), path=path)


def _fence(lines: _Lines, i: int, j: int, indent: int) -> Fence:
    first = lines.raw[i].rstrip("\n")
    pad = len(first) - len(first.lstrip(" "))
    opening = _FENCE_OPEN.match(first[pad:])
    body = []
    for k in range(i + 1, j - 1):
        raw = lines.raw[k]
        body.append(raw[pad:] if raw[:pad].strip() == "" else raw.lstrip(" "))
    common = _common(lines, i, j, indent)
    return Fence(
        **common,
        info=opening["info"],
        body="".join(body),
        body_start=lines.offsets[i + 1],
        body_end=lines.offsets[j - 1],
    )


def _container(lines: _Lines, i: int, j: int, indent: int) -> Container:
    line = lines.content(i, indent)
    body = tuple(_parse(lines, i + 1, j, indent + 4))
    common = _common(lines, i, j, indent)
    tab = _TAB.match(line)
    if tab:
        return Tab(**common, body=body, label=tab["label"])
    admonition = _ADMONITION.match(line)
    return Admonition(
        **common,
        body=body,
        kind=admonition["kind"],
        title=admonition["title"],
        collapsible=admonition["marker"] != "!!!",
    )


# --- what the tools ask of a page -------------------------------------------------------------


def fences(text: str) -> list[Fence]:
    return [block for block in walk(blocks(text)) if isinstance(block, Fence)]


def headings(text: str) -> list[Heading]:
    return [block for block in walk(blocks(text)) if isinstance(block, Heading)]


@dataclass(frozen=True)
class Example:
    """A python fence and the output fence that follows it (None when missing)."""

    code: Fence
    output: Fence | None

    @property
    def snippet(self) -> str | None:
        return self.code.include


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


def matches(expected: str, printed: str) -> bool:
    """Whether a snippet's printed text is what the page shows (doctest-style: `...` is any)."""
    return doctest.OutputChecker().check_output(expected, printed, doctest.ELLIPSIS)


def structure(text: str) -> list[tuple[str, str]]:
    """The language-independent skeleton of a page, in order.

    Two translations of a page must have the same skeleton: the same snippets with the same
    outputs, the same anchors, admonition kinds, content tabs, text includes and diagrams.
    """
    items: list[tuple[str, str]] = []
    for block in walk(blocks(text)):
        if isinstance(block, Fence):
            if block.lang == "python":
                items.append(("include", block.include or "<hand-typed code>"))
            elif block.lang == "text":
                # The not-run-on-a-GPU block is said in each page's own language.
                pending = snippets.is_gpu_pending(block.body)
                items.append(("output", "<not run on a GPU yet>" if pending else block.body))
            else:
                items.append(("fence", block.lang))
        elif isinstance(block, Heading):
            items.append(("anchor", block.anchor or "<none>"))
        elif isinstance(block, Admonition):
            items.append(("admonition", block.kind))
        elif isinstance(block, Tab):
            items.append(("tab", ""))
        elif isinstance(block, TextInclude):
            items.append(("text include", _language_neutral(block.path)))
    return items


def _language_neutral(path: str) -> str:
    """docs/generated/x.zh.md and docs/generated/x.en.md are the same include."""
    for language in project.LANGUAGES:
        path = path.replace(f".{language}.", ".<language>.")
    return path


def structure_difference(page: str, translation: str) -> str | None:
    """Where two translations of a page stop having the same skeleton, or None."""
    one, other = structure(page), structure(translation)
    for position, (mine, theirs) in enumerate(zip(one, other, strict=False)):
        if mine != theirs:
            return f"item {position + 1}: {mine!r} here, {theirs!r} in the translation"
    if len(one) != len(other):
        return f"{len(one)} items here, {len(other)} in the translation"
    return None


def unshown_snippets(docs: Path = project.DOCS, snippets: Path = project.SNIPPETS) -> list[str]:
    """Snippets that some language never includes, as 'path (language)'."""
    shown: dict[str, set[str]] = {language: set() for language in project.LANGUAGES}
    for page in project.pages(docs):
        for found in examples(page.read_text(encoding="utf-8")):
            if found.snippet:
                shown[project.language_of(page)].add(found.snippet)
    missing = []
    for snippet in project.snippet_files(snippets):
        relative = snippet.relative_to(snippets.parent).as_posix()
        missing += [
            f"{relative} ({lang})" for lang in project.LANGUAGES if relative not in shown[lang]
        ]
    return missing


def wanted_snippets(docs: Path = project.DOCS) -> list[str]:
    """Every snippet some page includes and that exists, relative to the project root."""
    wanted = {
        found.snippet
        for page in project.pages(docs)
        for found in examples(page.read_text(encoding="utf-8"))
        if found.snippet and (project.ROOT / found.snippet).is_file()
    }
    return sorted(wanted)
