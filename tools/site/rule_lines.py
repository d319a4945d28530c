"""MkDocs hook: under each rule a page states, what the rules run found (folded).

A page marks a rule with a line `<!-- rule: <id> -->` at the end of the rule's sentence or
bullet, in both languages. At build time the marker becomes the sentence's anchor
(`#rule-<id>`, which links and MkDocs' anchor check see) and, under it, a folded line in the
page's language: on how many inputs the rule was checked, that it holds on all inside its
condition, and where it stops holding just outside with the smallest case that shows it. The
results come from docs/generated/rules.json (`make rules`); the sentences from
text/<language>/rule_line.yml, the Markdown from templates/rule.md.jinja. A marker whose rule
has no result stops the strict build.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import sys
from pathlib import Path

import jinja2

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root, for tools.*

from tools.text import catalogue  # noqa: E402

RULES_JSON = Path("generated") / "rules.json"  # under docs/
MARKER = re.compile(r"^(?P<indent>[ ]*)<!-- rule: (?P<id>[a-z0-9][a-z0-9-]*) -->[ ]*$")
_LIST_ITEM = re.compile(r"^(?P<indent>[ ]*)(?:[-*+]|\d+\.)[ ]+")
log = logging.getLogger("mkdocs.hooks.rule_lines")


def _plain(text: str) -> str:
    """Words that are not Markdown (a case, a message PyTorch printed) kept literal."""
    return re.sub(r"([\\`*_<>\[\]])", r"\\\1", text)


def _title(text: str) -> str:
    return text.replace('"', "&quot;")


@functools.cache
def _template() -> jinja2.Template:
    folder = Path(__file__).with_name("templates")
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder), keep_trailing_newline=True, autoescape=False
    )
    environment.filters["title"] = _title
    return environment.get_template("rule.md.jinja")


def summary(entry: dict, language: str) -> str:
    words = catalogue("rule_line", language)
    inside, outside = entry["inside"], entry["outside"]
    failing = len(inside["counterexamples"])
    stops = len(outside["counterexamples"])
    values = {
        "cases": entry["cases"],
        "inside": inside["cases"],
        "outside": outside["cases"],
        "fails": failing,
        "stops": stops,
    }
    if failing:
        return words("summary_fails", **values)
    if not outside["cases"]:
        return words("summary_all_inside", **values)
    if stops == outside["cases"]:
        return words("summary_stops_all", **values)
    return words("summary_stops" if stops else "summary_holds", **values)


def block(entry: dict, language: str, at: str, nest: str, on_sentence: bool = True) -> str:
    words = catalogue("rule_line", language)
    lines = []
    for side, key in (("inside", "smallest_inside"), ("outside", "smallest_outside")):
        smallest = entry.get("smallest", {}).get(side)
        if smallest:
            lines.append(
                words(
                    key,
                    case=_plain(smallest["case"][language]),
                    happened=_plain(smallest["happened"][language].rstrip(".。")),
                )
            )
    return _template().render(
        id=entry["id"],
        on_sentence=on_sentence,
        at=at,
        nest=nest,
        summary=summary(entry, language),
        condition=words("condition", condition=entry["condition"][language]),
        lines=lines,
    )


def _nest(lines: list[str], i: int, indent: str) -> str:
    """The indentation a block under line i needs to stay in the list item or paragraph the
    line ends: four spaces past a list item's marker, else the line's own."""
    j = i
    while j > 0 and lines[j - 1].strip():
        j -= 1
        item = _LIST_ITEM.match(lines[j])
        if item:
            return item["indent"] + " " * 4
    return indent


def expand(markdown: str, rules: dict[str, dict], language: str) -> tuple[str, list[str]]:
    """The page with each marker replaced, and the ids of markers with no result."""
    lines = markdown.split("\n")
    out: list[str] = []
    missing: list[str] = []
    in_fence = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        found = None if in_fence else MARKER.match(line)
        if not found:
            out.append(line)
            continue
        entry = rules.get(found["id"])
        if entry is None:
            missing.append(found["id"])
            continue
        first = i == 0 or not MARKER.match(lines[i - 1])
        nest = _nest(lines, i, found["indent"])
        out.append(block(entry, language, found["indent"], nest, on_sentence=first))
    return "\n".join(out), missing


def load(docs_dir: str | Path) -> dict[str, dict]:
    path = Path(docs_dir) / RULES_JSON
    if not path.is_file():
        return {}
    return {entry["id"]: entry for entry in json.loads(path.read_text("utf-8"))["rules"]}


def on_page_markdown(markdown, page, config, files):
    if "<!-- rule:" not in markdown:
        return markdown
    language = getattr(page.file, "locale", "en")
    expanded, missing = expand(markdown, load(config["docs_dir"]), language)
    for rule_id in missing:
        log.warning(
            "%s: rule %r has no result in docs/%s: run `make rules`",
            page.file.src_uri,
            rule_id,
            RULES_JSON.as_posix(),
        )
    return expanded


def on_page_content(html, page, config, files):
    """Keep the rules' folded lines out of the search index (Material's data-search-exclude):
    they describe the run's inputs ("a 2-D view of a float32 leaf"), and with a line under
    every rule their words outranked the sections that answer a reader's question (the Chinese
    query 视图 no longer found the section on views)."""
    return html.replace('<details class="rule">', '<details class="rule" data-search-exclude>')
