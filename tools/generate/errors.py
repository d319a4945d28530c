"""The error and warning index: every message the snippets print, where, and how to fix it.

    python -m tools.generate.errors          # rewrite docs/generated/errors.{en,zh}.md
    python -m tools.generate.errors --queries  # and tests/data/error_queries.yml

Read, not typed: the messages come from the output blocks of the pages (tools/pages.py), which
the page tests hold against real runs of the snippets with the pinned torch, and the other
releases' wordings from docs/generated/versions.json (what `make versions` measured). A snippet
added to any page shows up here at the next run of this module, and tests/test_errors.py fails
while the committed index is stale.

How a message is recognised in an output line (`recognise`): the project's snippets print an
expected exception or warning as `Type: first line of the message`, alone on its line or after a
label (`w.add_(1)   RuntimeError: ...`, `deepcopy(y): RuntimeError: ...`). A line holds a message
when it contains a word ending in `Error`, `Warning` or `Exception` (optionally dotted, such as
`torch.OutOfMemoryError`), at the start of the line or after a space or colon, followed by `: `
and a message. A type printed without a message (`raises RuntimeError`, `RuntimeError at
backward`) is not an entry: there is no wording to look up.

Messages are grouped into entries by their *key*: the message's first sentence, cut at its first
`: ` outside brackets when that comes after 30 characters; numbers and the contents of
square brackets do not count (`The size of tensor a (3) ...` and `(6) ...` are one entry). The
key, with the type, is the entry's heading; the full wordings are under it.

Only the standard library (and tools/pages.py): the test renders from the pages without torch.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tools import pages, project
from tools.generate import versions_page
from tools.site import versions_line
from tools.text import Catalogue, catalogue

OUTPUTS = {language: project.GENERATED / f"errors.{language}.md" for language in project.LANGUAGES}
COMMAND = "python -m tools.generate.errors"
PAGE = "errors"  # the page that includes the index: it has no snippets of its own

_MESSAGE = re.compile(
    r"(?:^|(?<=[\s:(]))(?P<type>(?:[a-z_][a-z0-9_]*\.)*[A-Z][A-Za-z0-9_]*(?:Error|Warning|Exception)):"
    r"[ ]+(?P<message>\S.*?)\s*$"
)
# A warning a snippet prints without its category: `warning: message` at the start of the line.
_BARE_WARNING = re.compile(r"^\s*warning: (?P<message>(?!\w*Warning: )\S.*?)\s*$")
BARE = "warning"  # the entry's kind when the category was not printed
_SENTENCE_END = re.compile(r"\.(?=\s|$)|\.(?=[A-Z][a-z]+ )")
KEY_MIN = 30  # a clause shorter than this is not a key on its own ("unsupported operation")


# -- recognising --------------------------------------------------------------------------------


def recognise(line: str) -> tuple[str, str] | None:
    """(type, message) when an output line prints an exception or a warning, else None."""
    found = _MESSAGE.search(line)
    if found:
        return found["type"], found["message"]
    bare = _BARE_WARNING.match(line)
    return (BARE, bare["message"]) if bare else None


def is_warning(kind: str) -> bool:
    return kind.endswith("Warning") or kind == BARE


def _outside_brackets(text: str):
    """(index, character) of every character of text that is not inside () or []."""
    depth = 0
    for i, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]" and depth:
            depth -= 1
        elif depth == 0:
            yield i, char


def key_text(message: str) -> str:
    """The first sentence of a message, cut at a colon after its first 30 characters."""
    end = _SENTENCE_END.search(message)
    text = message[: end.start()] if end else message
    for i, char in _outside_brackets(text):
        if char == ":" and text[i + 1 : i + 2] == " " and i >= KEY_MIN:
            return text[:i].rstrip()
    return text.rstrip(" .")


def group_key(kind: str, message: str) -> str:
    text = re.sub(r"\[[^\]]*\]+", "[]", key_text(message))
    return kind + ": " + re.sub(r"\d+", "0", text)


# -- what the pages print -----------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a snippet that prints a message is shown: a section of a page."""

    snippet: str
    page: str  # slug
    anchor: str | None
    section: dict[str, str]  # language -> the section's title (the page's title for its top)
    title: dict[str, str]  # language -> the page's title


@dataclass
class Entry:
    kind: str
    key: str  # the heading's text: the first wording's key
    wordings: list[str] = field(default_factory=list)  # verbatim, as the pinned torch prints them
    places: list[Place] = field(default_factory=list)
    # wording of another release -> the releases that print it, for each pinned wording
    elsewhere: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    anchor: str = ""

    @property
    def heading(self) -> str:
        return f"{self.kind}: {self.key}"


def _sections(text: str) -> list[tuple[int, pages.Heading]]:
    return [(h.start, h) for h in pages.headings(text)]


def _place(slug: str, snippet: str, offset: dict[str, int | None], texts: dict[str, str]):
    section, title, anchor = {}, {}, None
    for language, text in texts.items():
        heads = _sections(text)
        title[language] = heads[0][1].title if heads else slug
        where = offset.get(language)
        before = [h for start, h in heads if where is not None and start <= where]
        named = [h for h in before if h.anchor]
        if named:
            section[language] = named[-1].title
            if language == project.DEFAULT_LANGUAGE:
                anchor = named[-1].anchor
        else:
            section[language] = title[language]
    return Place(snippet, slug, anchor, section, title)


def collect(docs: Path = project.DOCS) -> dict[str, Entry]:
    """Every message that an output block on a page shows, grouped into entries, in page order."""
    entries: dict[str, Entry] = {}
    for src in versions_page.nav_pages():
        slug = src.removesuffix(".md")
        if slug == PAGE:
            continue
        texts = {}
        for language in project.LANGUAGES:
            path = project.page_path(slug, language, docs)
            if path.is_file():
                texts[language] = path.read_text(encoding="utf-8")
        if project.DEFAULT_LANGUAGE not in texts:
            continue
        offsets: dict[str, dict[str, int]] = {}  # snippet -> language -> where it is shown
        for language, text in texts.items():
            for example in pages.examples(text):
                if example.snippet:
                    offsets.setdefault(example.snippet, {}).setdefault(language, example.code.start)
        for example in pages.examples(texts[project.DEFAULT_LANGUAGE]):
            if not example.snippet or example.output is None:
                continue
            for line in example.output.body.splitlines():
                found = recognise(line)
                if not found:
                    continue
                kind, message = found
                entry = entries.setdefault(group_key(kind, message), Entry(kind, key_text(message)))
                if message not in entry.wordings:
                    entry.wordings.append(message)
                if all(p.snippet != example.snippet for p in entry.places):
                    entry.places.append(
                        _place(slug, example.snippet, offsets[example.snippet], texts)
                    )
    return entries


# -- what other releases print ------------------------------------------------------------------


def _paired_lines(pinned: str, other: str):
    """(pinned line, other line) for the lines one release replaced one for one."""
    mine, theirs = pinned.splitlines(), other.splitlines()
    matcher = difflib.SequenceMatcher(a=mine, b=theirs, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:
            yield from zip(mine[i1:i2], theirs[j1:j2], strict=True)
        elif tag == "delete":  # lines the other release does not print at all
            yield from ((line, None) for line in mine[i1:i2])


NOT_PRINTED = ""  # the other release prints no such line


def release_name(release: dict) -> str:
    return release["release"]


def add_other_releases(entries: dict[str, Entry], versions: dict) -> None:
    """Each pinned wording that another release words differently gets that wording."""
    by_wording = {(e.kind, w): e for e in entries.values() for w in e.wordings}
    for release in versions["releases"]:
        if release.get("pinned") or release.get("not_run"):
            continue
        for found in release.get("differences", {}).values():
            # A snippet that failed with that release stopped early: its missing lines are no
            # wording of that release (the Versions page lists the failure itself).
            if "pinned_output" not in found or found["status"] == versions_page.FAILS:
                continue
            for mine, theirs in _paired_lines(found["pinned_output"], found["release_output"]):
                one = recognise(mine)
                other = recognise(theirs) if theirs is not None else None
                if not one or one == other or (theirs is not None and not other):
                    continue
                entry = by_wording.get(one)
                if entry is None:
                    continue
                said = f"{other[0]}: {other[1]}" if other else NOT_PRINTED
                names = entry.elsewhere.setdefault(one[1], {}).setdefault(said, [])
                if release_name(release) not in names:
                    names.append(release_name(release))


# -- notes: the fix, written once per entry -----------------------------------------------------

# An entry whose heading contains `match` gets this note: its anchor and where the fix is shown;
# what the fix is, in each language, is the note under its anchor in text/<language>/errors.yml.
# An entry without one still lists where it is explained.
NOTES: list[dict] = [
    {
        "match": "has been modified by an inplace operation",
        "id": "err-modified-by-inplace",
        "fix": "troubleshooting.md#in-place-error",
    },
    {
        "match": "a leaf Variable that requires grad is being used in an in-place operation",
        "id": "err-leaf-in-place",
        "fix": "in-place.md#which-raise",
    },
    {
        "match": "a view of a leaf Variable that requires grad is being used in an in-place",
        "id": "err-view-of-leaf-in-place",
        "fix": "in-place.md#which-raise",
    },
    {
        "match": "Can't call numpy() on Tensor that requires grad",
        "id": "err-numpy-requires-grad",
        "fix": "edges.md",
    },
    {
        "match": "more than one element of the written-to tensor refers to a single memory",
        "id": "err-written-to-overlap",
        "fix": "in-place.md",
    },
    {
        "match": "some elements of the input tensor and the written-to tensor refer",
        "id": "err-input-overlap",
        "fix": "in-place.md",
    },
    {
        "match": "view size is not compatible with input tensor's size and stride",
        "id": "err-view-size",
        "fix": "troubleshooting.md#view-after-clone",
    },
    {
        "match": "To copy construct from a tensor",
        "id": "warn-copy-construct",
        "fix": "edges.md",
    },
    {
        "match": "Only Tensors created explicitly by the user (graph leaves)",
        "id": "err-deepcopy-non-leaf",
        "fix": "edges.md",
    },
    {
        "match": "Trying to backward through the graph a second time",
        "id": "err-backward-twice",
        "fix": "training.md",
    },
    {
        "match": "'pin_memory' argument is set as true but no accelerator is found",
        "id": "warn-pin-memory-no-accelerator",
        "fix": "devices.md",
    },
    {
        "match": "Inplace update to inference tensor outside InferenceMode",
        "id": "err-inference-tensor-in-place",
        "fix": "training.md",
    },
    {
        "match": "element 0 of tensors does not require grad and does not have a grad_fn",
        "id": "err-element-0-no-grad-fn",
        "fix": "training.md",
    },
    {
        "match": "you can only change requires_grad flags of leaf variables",
        "id": "err-requires-grad-non-leaf",
        "fix": "detach.md",
    },
    {
        "match": "elements cannot be converted to Scalar",
        "id": "err-item-more-than-one-element",
        "fix": "edges.md",
    },
    {
        "match": "At least one stride in the given numpy array is negative",
        "id": "err-numpy-negative-strides",
        "fix": "edges.md",
    },
    {
        "match": "The size of tensor a",
        "id": "err-size-must-match",
        "fix": "in-place.md#broadcasting",
    },
    {
        "match": "doesn't match the broadcast shape",
        "id": "err-broadcast-shape",
        "fix": "in-place.md#broadcasting",
    },
    {
        "match": "Casting complex values to real discards the imaginary part",
        "id": "warn-complex-to-real",
        "fix": "in-place.md",
    },
    {
        "match": "Can't export tensors that require gradient",
        "id": "err-dlpack-requires-grad",
        "fix": "models.md",
    },
    {
        "match": "expected dtype float for `end` but got dtype double",
        "id": "err-optimizer-state-dtype",
        "fix": "models.md",
    },
    {
        "match": "module 'torch' has no attribute 'shares_memory'",
        "id": "err-no-torch-shares-memory",
        "fix": "claims.md#claim-10",
    },
    {
        "match": "Cannot access accelerator device when none is available",
        "id": "err-pin-memory-no-accelerator",
        "fix": "devices.md",
    },
    {
        "match": "Inference tensors cannot be saved for backward",
        "id": "err-inference-tensor-saved",
        "fix": "training.md",
    },
]


def note_for(entry: Entry) -> dict | None:
    """The note whose text starts earliest in the heading (the longest where two start alike)."""
    found = [n for n in NOTES if n["match"] in entry.heading]
    return min(
        found, key=lambda n: (entry.heading.index(n["match"]), -len(n["match"])), default=None
    )


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    slug = ""
    for word in words:
        if len(slug) + len(word) + 1 > 48:
            break
        slug = f"{slug}-{word}" if slug else word
    return slug


def index(docs: Path = project.DOCS, versions: dict | None = None) -> list[Entry]:
    """The entries in the order of the page: errors, then warnings, each by heading."""
    entries = collect(docs)
    add_other_releases(entries, versions if versions is not None else versions_page.committed())
    ordered = sorted(entries.values(), key=lambda e: (is_warning(e.kind), e.kind, e.key.casefold()))
    used: set[str] = set()
    for entry in ordered:
        note = note_for(entry)
        prefix = "warn-" if is_warning(entry.kind) else "err-"
        base = note["id"] if note else prefix + _slug(entry.key)
        anchor, n = base, 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        entry.anchor = anchor
    return ordered


# -- rendering ----------------------------------------------------------------------------------


def words(language: str) -> Catalogue:
    return catalogue("errors", language)


def _heading_code(text: str) -> str:
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _fence(lines: list[str], title: str | None = None) -> list[str]:
    opening = f'```text title="{title}"' if title else "```text"
    return [opening, *lines, "```"]


def _section_link(place: Place, language: str) -> str:
    title = place.title.get(language, place.page)
    section = place.section.get(language, title)
    target = f"{place.page}.md" + (f"#{place.anchor}" if place.anchor else "")
    said = words(language)
    shown = said("section_link", title=title, section=section) if section != title else None
    return f"[{shown or said('page_link', title=title)}]({target})"


def render(entries: list[Entry], language: str) -> str:
    labels = words(language)
    snippets = {p.snippet for e in entries for p in e.places}
    out = [
        labels("generated", command=COMMAND),
        "",
        labels(
            "summary",
            entries=len(entries),
            errors=sum(not is_warning(e.kind) for e in entries),
            warnings=sum(is_warning(e.kind) for e in entries),
            wordings=sum(len(e.wordings) for e in entries),
            snippets=len(snippets),
            pages=len({p.page for e in entries for p in e.places}),
        ),
    ]
    for warnings, title, anchor in (
        (False, labels("errors"), "errors"),
        (True, labels("warnings"), "warnings"),
    ):
        group = [e for e in entries if is_warning(e.kind) == warnings]
        if not group:
            continue
        out += ["", f"## {title} {{ #{anchor} }}"]
        for entry in group:
            out += _entry(entry, language, labels)
    return "\n".join(out).rstrip("\n") + "\n"


def _entry(entry: Entry, language: str, labels: Catalogue) -> list[str]:
    out = ["", f"### {_heading_code(entry.heading)} {{ #{entry.anchor} }}", ""]
    out += _fence([f"{entry.kind}: {w}" for w in entry.wordings])
    note = note_for(entry)
    if note:
        link = _fix_link(note["fix"], entry, language)
        fix = labels.section("notes")(note["id"])
        out += ["", labels("fix_line", fix=labels("fix"), note=fix, link=link)]
    out += ["", labels("printed"), ""]
    for place in entry.places:
        link = _section_link(place, language)
        out.append(labels("printed_item", snippet=place.snippet, link=link))
    for number, wording in enumerate(entry.wordings, 1):
        for said, releases in entry.elsewhere.get(wording, {}).items():
            names = release_list(releases, language)
            if len(entry.wordings) > 1:
                head = labels("elsewhere_line", releases=names, number=number)
            else:
                head = labels("elsewhere", releases=names)
            if said == NOT_PRINTED:
                out += ["", labels.count("not_printed", len(releases), releases=names)]
                continue
            out += ["", head, "", *_fence([said])]
    return out


def release_list(releases: list[str], language: str) -> str:
    """`2.4.1`, `2.7.1` to `2.15.0`: runs of three or more releases in a row as one span."""
    words = versions_line.words_for(language)
    data = versions_page.committed()
    run = [r for r in data["releases"] if not r.get("not_run") and not r.get("pinned")]
    pinned = data["pinned"].split("+")[0]
    names = [r["release"] for r in run]
    shown = [
        words("line_cuda", release=f"`{name}`") if name == pinned else f"`{name}`" for name in names
    ]
    chosen = [name in releases for name in names]
    return words("line_list").join(versions_line._spans(shown, chosen, words.raw("line_to")))


def _fix_link(target: str, entry: Entry, language: str) -> str:
    """The section a note's `fix` names: page#anchor, or a page, then the entry's place on it."""
    page, _, anchor = target.partition("#")
    slug = page.removesuffix(".md")
    place = next((p for p in entry.places if p.page == slug), None)
    texts = {}
    for lang in project.LANGUAGES:
        path = project.page_path(slug, lang)
        texts[lang] = path.read_text(encoding="utf-8") if path.is_file() else ""
    if anchor or place is None:
        title, section = {}, {}
        for lang, text in texts.items():
            heads = pages.headings(text)
            title[lang] = heads[0].title if heads else slug
            section[lang] = next((h.title for h in heads if h.anchor == anchor), title[lang])
        place = Place("", slug, anchor or None, section, title)
    return words(language)("see", link=_section_link(place, language))


def outputs(docs: Path = project.DOCS) -> dict[Path, str]:
    found = index(docs)
    return {OUTPUTS[language]: render(found, language) for language in project.LANGUAGES}


QUERIES = project.ROOT / "tests" / "data" / "error_queries.yml"
_QUERIES_HEAD = """\
# Error messages a reader pastes into the site's search, and the entry that must come first:
# the first wording of each entry of the error index, once per language. Written by
# `python -m tools.generate.errors --queries`; tests/test_errors.py checks that it matches the
# index. `answer` is the result's location as the language's own search index writes it
# (relative to the language's root: /zh/ for zh).
"""


def queries(entries: list[Entry]) -> str:
    """tests/data/error_queries.yml: what a reader pastes (the first line as printed)."""
    lines = [_QUERIES_HEAD]
    for language in project.LANGUAGES:
        for entry in entries:
            first = entry.wordings[0]
            query = first if entry.kind == BARE else f"{entry.kind}: {first}"
            lines += [
                f"- lang: {language}",
                f"  query: {json.dumps(query, ensure_ascii=False)}",
                f"  answer: errors/#{entry.anchor}",
            ]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    changed = 0
    for path, text in outputs().items():
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            changed += 1
            print(f"{path.relative_to(project.ROOT)}: rewritten")
    entries = index()
    if "--queries" in argv:
        QUERIES.write_text(queries(entries), encoding="utf-8")
        print(f"{QUERIES.relative_to(project.ROOT)}: written")
    print(f"{len(entries)} entries, {changed} file(s) rewritten")
    for entry in entries:
        print(f"  {entry.anchor}: {entry.heading}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
