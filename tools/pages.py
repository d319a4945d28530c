"""The one reader of the guide's pages: a page is a stream of blocks.

Every tool that looks inside a page uses this module, so that they all agree on what a page
contains: the output checker (tools/check/sybil_pages.py), the parity and term tests, the output
rewriter (`make outputs`), the notebook builder (`make notebooks`) and the site hooks.

A page is read into blocks, in order: headings (with their `{ #anchor }`), paragraphs, lists,
tables, fenced code blocks, text includes (`--8<-- "docs/generated/..."` outside a fence), and
two containers whose body is indented by four spaces: admonitions (`!!! note "Title"`,
`??? warning`) and content tabs (`=== "Label"`). A blockquote (`> ...`) is a paragraph whose
fences are kept too, marked as quoted: MkDocs renders a fence inside a quote, but the checker
rejects a python one (its output could not be rewritten in place). A python fence that is
exactly one snippet include, with the text fence right after it, is an *example*: the snippet
and the output the page claims it prints. Offsets are kept so that the rewriter can replace
an output in place.
Nothing here runs code, and nothing here imports more than the standard library.
"""

from __future__ import annotations

import difflib
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
_QUOTE = re.compile(r"^(?:>[ ]?)+")
# A rule the page states, marked at the end of its sentence or bullet (tools/site/rule_lines.py
# puts the rule's anchor and its rules run there).
RULE_MARKER = re.compile(r"^(?P<indent>[ ]*)<!-- rule: (?P<id>[a-z0-9][a-z0-9-]*) -->[ ]*$", re.M)
_MARKER_LINE = re.compile(r"\n?^[ ]*<!-- rule: [a-z0-9][a-z0-9-]* -->[ ]*$", re.M)
QUOTED_CODE = (
    "a code block inside a blockquote (`> ```python`) is shown by MkDocs but cannot be checked: "
    "take it out of the quote (an admonition, `!!! note`, can hold a checked snippet include)"
)


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
class Quote(Paragraph):
    """A blockquote: read as a paragraph, with the code blocks inside it (each `quoted`)."""

    fences: tuple[Fence, ...] = ()

    @property
    def children(self) -> tuple[Block, ...]:
        return self.fences


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
    quoted: bool = False  # inside a blockquote: body and offsets are not the page's own text

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
    if _QUOTE.match(line):
        j = i + 1
        while j < stop and not lines.blank(j):
            j += 1
        return _quote, j
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
        or _QUOTE.match(line)
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


def _quote(lines: _Lines, i: int, j: int, indent: int) -> Quote:
    """A blockquote from line i to j: its fences, found in its lines without the `>` markers."""
    inner = []
    for k in range(i, j):
        line = lines.content(k, indent)
        inner.append(line[_QUOTE.match(line).end() :] if _QUOTE.match(line) else line)
    found, k = [], 0
    while k < len(inner):
        opening = _FENCE_OPEN.match(inner[k])
        if not opening:
            k += 1
            continue
        char, size = opening["fence"][0], len(opening["fence"])
        closing = re.compile(rf"^[ ]*{re.escape(char)}{{{size},}}[ ]*$")
        end = next((m for m in range(k + 1, len(inner)) if closing.match(inner[m])), None)
        last = len(inner) if end is None else end + 1  # an unclosed fence ends with the quote
        pad = len(opening["pad"])
        body = "".join(line[pad:] + "\n" for line in inner[k + 1 : min(last, end or last)])
        found.append(
            Fence(
                start=lines.offsets[i + k],
                end=lines.offsets[i + last],
                line=i + k + 1,
                indent=lines.raw[i + k][: lines.depth(i + k)],
                text="".join(line + "\n" for line in inner[k:last]),
                info=opening["info"],
                body=body,
                body_start=lines.offsets[i + k + 1],
                body_end=lines.offsets[i + (end if end is not None else last)],
                quoted=True,
            )
        )
        k = last
    return Quote(**_common(lines, i, j, indent), fences=tuple(found))


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


def lines_of(fence: Fence) -> str:
    """ "lines 25-29": where a fence's body is on its page."""
    first = fence.line + 1
    last = first + max(len(fence.body.splitlines()), 1) - 1
    return f"line {first}" if first == last else f"lines {first}-{last}"


def output_diff(output: Fence, printed: str) -> tuple[int, str]:
    """(the page's line where an output block first differs from a run, a diff of the two).

    Lines of the page keep their page line numbers; `?` marks the characters that differ.
    """
    expected, actual = output.body.splitlines(), printed.splitlines()
    first_line = output.line + 1  # the output block's first line, below its ```text fence
    matcher = difflib.SequenceMatcher(a=expected, b=actual, autojunk=False)
    out = ["  line  (- on the page, + printed)"]
    first = None
    for group in matcher.get_grouped_opcodes(1):
        if len(out) > 1:
            out.append("   ...")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [f"  {first_line + i:>4}  {expected[i]}" for i in range(i1, i2)]
                continue
            first = first_line + i1 if first is None else first
            out += [f"- {first_line + i:>4}  {expected[i]}" for i in range(i1, i2)]
            for k, j in enumerate(range(j1, j2)):
                out.append(f"+       {actual[j]}")
                if tag == "replace" and i2 - i1 == j2 - j1:
                    out.append("?       " + _carets(expected[i1 + k], actual[j]))
    if first is None:  # equal line by line: the difference is in the final newline or spaces
        first = first_line
        out.append("  (the lines are the same but for trailing newlines or spaces)")
    return first, "\n".join(out)


def _carets(old: str, new: str) -> str:
    marks = [" "] * len(new)
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            for j in range(j1, max(j2, j1 + 1)):
                if j < len(marks):
                    marks[j] = "^"
                else:
                    marks.append("^")
    return "".join(marks).rstrip()


def near(snippet: str) -> str:
    """ " (did you mean snippets/x/y.py?)" for a missing included file with a close name."""
    folder = project.ROOT / snippet
    while not folder.is_dir() and folder != project.ROOT:
        folder = folder.parent
    if folder == project.ROOT:
        folder = project.SNIPPETS
    suffix = Path(snippet).suffix or ".py"
    names = [p.relative_to(project.ROOT).as_posix() for p in folder.rglob(f"*{suffix}")]
    close = difflib.get_close_matches(snippet, names, n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def structure(text: str) -> list[tuple[str, str]]:
    """The language-independent skeleton of a page, in order.

    Two translations of a page must have the same skeleton: the same snippets with the same
    outputs, the same anchors, admonition kinds, content tabs, text includes and diagrams.
    """
    return [item for item, _ in _skeleton(text)]


def _skeleton(text: str) -> list[tuple[tuple[str, str], int]]:
    """structure(), each item with the line of the page it comes from."""
    items: list[tuple[tuple[str, str], int]] = []
    for block in walk(blocks(text)):
        if isinstance(block, Fence):
            if block.lang == "python":
                item = ("include", block.include or "<hand-typed code>")
            elif block.lang == "text":
                # The not-run-on-a-GPU block is said in each page's own language.
                pending = snippets.is_gpu_pending(block.body)
                item = ("output", "<not run on a GPU yet>" if pending else block.body)
            else:
                item = ("fence", block.lang)
        elif isinstance(block, Heading):
            item = ("anchor", block.anchor or "<none>")
        elif isinstance(block, Admonition):
            item = ("admonition", block.kind)
        elif isinstance(block, Tab):
            item = ("tab", "")
        elif isinstance(block, TextInclude):
            item = ("text include", _language_neutral(block.path))
        else:
            continue
        items.append((item, block.line))
    rules = [(("rule", rule_id), line) for line, rule_id in rule_markers(text)]
    return sorted(items + rules, key=lambda entry: entry[1]) if rules else items


def rule_markers(text: str) -> list[tuple[int, str]]:
    """(line, rule id) of every rule marker of a page, outside code fences, in order."""
    fenced: set[int] = set()
    for fence in fences(text):
        fenced.update(range(fence.line, fence.line + fence.text.count("\n") + 1))
    return [
        (text.count("\n", 0, m.start()) + 1, m["id"])
        for m in RULE_MARKER.finditer(text)
        if text.count("\n", 0, m.start()) + 1 not in fenced
    ]


def without_rule_markers(text: str) -> str:
    """The text without its rule markers' lines (for readers that show no rules run)."""
    return _MARKER_LINE.sub("", text)


def _language_neutral(path: str) -> str:
    """docs/generated/x.zh.md and docs/generated/x.en.md are the same include."""
    for language in project.LANGUAGES:
        path = path.replace(f".{language}.", ".<language>.")
    return path


def structure_difference(
    page: str, translation: str, names: tuple[str, str] = ("the page", "the translation")
) -> str | None:
    """Where two translations of a page stop having the same skeleton, or None.

    Names both files (`names`) with the lines where they part: what one has that the other
    lacks, or what each has in place of the other's, and what the two still share before it.
    """
    one, other = _skeleton(page), _skeleton(translation)
    a, b = [item for item, _ in one], [item for item, _ in other]
    if a == b:
        return None
    tag, i1, i2, j1, j2 = next(
        op
        for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
        if op[0] != "equal"
    )

    def where(items, k, name):
        return f"{name}:{items[k][1]}" if k < len(items) else f"the end of {name}"

    def shown(items, lo, hi):
        listed = ", ".join(_show(item) for item, _ in items[lo : min(hi, lo + 3)])
        return listed + (f" and {hi - lo - 3} more" if hi - lo > 3 else "")

    mine, theirs = names
    if tag == "delete":
        return (
            f"{where(one, i1, mine)} has {shown(one, i1, i2)}, which {theirs} lacks "
            f"(it would come before {where(other, j1, theirs)})"
        )
    if tag == "insert":
        return (
            f"{where(other, j1, theirs)} has {shown(other, j1, j2)}, which {mine} lacks "
            f"(it would come before {where(one, i1, mine)})"
        )
    return (
        f"{where(one, i1, mine)} has {shown(one, i1, i2)}; in its place "
        f"{where(other, j1, theirs)} has {shown(other, j1, j2)}"
    )


def _show(item: tuple[str, str]) -> str:
    kind, value = item
    if kind == "output":
        first = value.splitlines()[0] if value.strip() else ""
        return f"an output block ({first[:50]!r}{', ...' if value.count(chr(10)) > 1 else ''})"
    if kind == "tab":
        return "a content tab"
    return f"{kind} {value}"


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
    """Every snippet some page includes and that exists, relative to the project root.

    An include of a file that does not exist is left out here: missing_includes() lists them.
    """
    wanted = {
        found.snippet
        for page in project.pages(docs)
        for found in examples(page.read_text(encoding="utf-8"))
        if found.snippet and (project.ROOT / found.snippet).is_file()
    }
    return sorted(wanted)


def missing_includes(text: str) -> list[tuple[int, str]]:
    """(line, path) of each `--8<--` include on a page, in a code block or not, whose file is
    missing (paths relative to the project root, as pymdownx.snippets' base_path has them)."""
    found = []
    for block in walk(blocks(text)):
        path, line = (block.path, block.line) if isinstance(block, TextInclude) else (None, 0)
        if isinstance(block, Fence) and block.include:
            blank = len(block.body) - len(block.body.lstrip("\n"))  # blank lines above it
            path, line = block.include, block.line + 1 + blank
        if path and not (project.ROOT / path).is_file():
            found.append((line, path))
    return found


def before_first_section(markdown: str, block: str) -> str:
    """The page with `block` just before its first level-2 heading: after the title and the
    answer a chapter opens with, where the build puts what is about the page rather than its
    subject (issue 34); at the end of a page without sections, and nothing on a page without a
    title."""
    found = blocks(markdown)
    if not any(isinstance(b, Heading) and b.level == 1 for b in found):
        return markdown
    section = next((b for b in found if isinstance(b, Heading) and b.level == 2), None)
    if section is None:
        return markdown.rstrip("\n") + "\n\n" + block
    at = section.start
    return markdown[:at] + block + "\n" + markdown[at:]
