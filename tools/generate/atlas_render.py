"""The atlas's tables: atlas.json's rows rendered as the Markdown/HTML included by docs/atlas.md
and docs/atlas.zh.md, with the words of atlas_labels.json. Nothing here measures."""

from __future__ import annotations

import html
import json
from pathlib import Path

from tools.generate.atlas_probe import INPLACE_FACTS

LABELS_PATH = Path(__file__).with_name("atlas_labels.json")
COMMAND = "python -m tools.generate.atlas"


def labels() -> dict:
    return json.loads(LABELS_PATH.read_text(encoding="utf-8"))


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _trait(trait: str, words: dict) -> str:
    if trait in words["traits"]:
        return words["traits"][trait]
    return f"<code>{_escape(trait)}</code>"


def _condition(row: dict, words: dict) -> str:
    condition = row["condition"]
    if not condition:
        return ""
    if condition.get("unexplained"):
        return words["unexplained"]
    parts = []
    for kind, how, traits in condition["when"]:
        joined = words[how].join(_trait(t, words) for t in traits)
        parts.append(words["when"].format(kind=words["kinds"][kind], traits=joined))
    parts.append(words["otherwise"].format(kind=words["kinds"][condition["otherwise"]]))
    return words["separator"].join(parts)


def _mark(value, words: dict) -> str:
    """A yes/no cell in words (a glyph alone says nothing to a screen reader); empty when the
    question does not apply."""
    if value == "sometimes":
        return words["sometimes"]
    if value is None:
        return ""
    return words["yes"] if value else words["no"]


def _declared(row: dict, words: dict) -> str:
    declaration = row["declared"]
    if declaration is None:
        return f'<span class="atlas-muted">{words["no_schema"]}</span>'
    text = words["declared"][declaration["kind"]]
    return f'<span title="{_escape(declaration["schema"])}">{text}</span>'


def _inplace_cells(row: dict, words: dict) -> str:
    """The in-place columns as <td> elements: one spanning them all when there is nothing to say
    in each (no in-place variant, or it raised on every sample)."""
    inplace = row["inplace"]
    span = len(INPLACE_FACTS) - 1
    if inplace is None:
        return f'<td colspan="{span}" class="atlas-muted">{words["no_inplace"]}</td>'
    if "error" in inplace:
        title = _escape(inplace["error"])
        return f'<td colspan="{span}" title="{title}">{words["inplace_raised"]}</td>'
    return "".join(f"<td>{_mark(inplace[fact], words)}</td>" for fact in INPLACE_FACTS[1:])


def _filter_tokens(row: dict) -> str:
    tokens = list(row["kinds"])
    if row["result"] == "conditional":
        tokens.append("conditional")
    if row["agreement"] in ("undeclared", "unobserved"):
        tokens.append("disagrees")
    if row["inplace"] is not None:
        tokens.append("inplace")
    return " ".join(tokens)


def render(data: dict, language: str) -> str:
    words = labels()[language]
    header = words["generated"].format(command=COMMAND, json="docs/generated/atlas.json")
    counts_ = data["counts"]
    out = [f"<!-- {header} -->", ""]
    out += [words["measured"].format(torch=data["torch"], device=data["device"],
                                     date=data["date"], **counts_), ""]  # fmt: skip
    out += [f'!!! info "{words["legend_title"]}"', ""]
    out += [f"    - {item}" for item in words["legend"]] + [""]
    # The filter is hidden until the script (assets/javascripts/atlas.js) makes it work.
    options = "".join(
        f'<option value="{value}">{text}</option>' for value, text in words["filter"].items()
    )
    out += [
        f'<div class="atlas-filter" data-atlas-filter hidden data-count="{words["count"]}">',
        f'<label for="atlas-kind">{words["filter_label"]}</label>',
        f'<select id="atlas-kind">{options}</select>',
        f'<label for="atlas-name">{words["name_label"]}</label>',
        '<input id="atlas-name" type="search" autocomplete="off" spellcheck="false">',
        '<output for="atlas-kind atlas-name" aria-live="polite"></output>',
        "</div>",
        "",
    ]
    columns = words["columns"]
    out += ['<div class="atlas-table">', '<table id="atlas-operators">',
            f"<caption>{words['caption'].format(**counts_)}</caption>",
            "<thead>", "<tr>"]  # fmt: skip
    out += [f'<th scope="col">{columns[c]}</th>' for c in COLUMNS]
    out += ["</tr>", "</thead>", "<tbody>"]
    for row in data["rows"]:
        name = f"<code>{_escape(row['name'])}</code>"
        if row["variant"]:
            name += f' <span class="atlas-variant">{_escape(row["variant"])}</span>'
        result = words["kinds"][row["result"]]
        others = [name for name in row["aliased_inputs"] if not name.startswith("input")]
        if others:
            title = _escape(", ".join(others))
            result += f' <span class="atlas-muted" title="{title}">{words["of_argument"]}</span>'
        cells = [
            str(len(row["samples"])),
            result,
            _condition(row, words),
            _declared(row, words),
            words["agreement"].get(row["agreement"] or "", _mark(None, words)),
            words["writes"].get(row["write_reaches_input"] or "", _mark(None, words)),
        ]
        out.append(
            f'<tr id="{row["anchor"]}" data-kind="{_filter_tokens(row)}">'
            f'<th scope="row">{name}</th>'
            + "".join(f"<td>{cell}</td>" for cell in cells)
            + _inplace_cells(row, words)
            + "</tr>"
        )
    out += ["</tbody>", "</table>", "</div>", ""]
    out += [f"### {words['skipped_title']} {{ #skipped }}", ""]
    out += [words["skipped_intro"].format(**counts_), ""]
    for entry in data["skipped"]:
        reason = _escape(entry["skipped"])
        out.append(f'- <span id="{entry["anchor"]}">`{entry["key"]}`</span>: {reason}')
    out += ["", f"### {words['cuda_title']} {{ #cuda }}", ""]
    reason = words["cuda_reasons"].get(data["cuda"] or "", "")
    out += [words["cuda_missing"].format(reason=reason, command=COMMAND)
            if data["cuda"] else words["cuda_done"], ""]  # fmt: skip
    return "\n".join(out)


COLUMNS = ("operator", "samples", "result", "condition", "declared", "agreement", "writes",
           "storage_kept", "version_bumped", "raises_on_leaf", "raises_on_leaf_view",
           "raises_on_expanded")  # fmt: skip
