"""The module atlas's list: module-atlas.json rendered as the Markdown/HTML that
docs/module-atlas.md and .zh.md include, with the words of text/<language>/module-atlas.yml and
of the module kinds (text/<language>/space-modules.yml). Nothing here measures.

One line per call (a `<details>` whose summary says what the call changed, and on which module
kinds), in groups ordered by how much they surprise: calls that put new tensor objects into the
module first, calls that change nothing a reference can see last; within a group, in the order of
module_atlas_probe.CALLS (the headline conversion, `m.to(torch.float64)`, first). A line opens on
a table of the module kinds and what was measured on each.
"""

from __future__ import annotations

import html

from tools.generate.module_atlas_probe import EXCLUDED, FIELDS, anchor
from tools.text import catalogue

COMMAND = "python -m tools.generate.module_atlas"
# The groups, in the page's order, and the first that a call's rows fall into (group()).
GROUPS = ("replaces", "copies", "state-dicts", "loses", "refused", "keeps", "elsewhere")


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _value_key(value) -> str:
    return {True: "yes", False: "no", "some": "some", None: "none"}[value]


def group(rows: list[dict]) -> str:
    """The first group of GROUPS whose condition the call's rows meet."""
    if rows[0]["module"] is None:
        return "elsewhere"
    done = [r for r in rows if "raises" not in r]
    if not done:
        return "refused"
    own = [r for r in done if r["holder"] == "m"]
    objects = ("parameters_same_object", "buffers_same_object")
    if any(r[f] not in (True, None) for r in own for f in objects):
        return "replaces"
    if any(r["holder"] == "new-module" for r in done):
        return "copies"
    if any(r["holder"] == "state-dict" for r in done):
        return "state-dicts"
    kept = ("ties_kept", "requires_grad_kept", "grads_kept", "optimizer_still_updates")
    if any(r[f] not in (True, None) for r in done for f in kept):
        return "loses"
    return "keeps"


def _kinds(names: list[str], measured: list[str], words) -> str:
    """On which kinds: nothing where on all of them, else the shorter of the list and its
    complement ("all but ...")."""
    if len(names) == len(measured):
        return ""
    others = [n for n in measured if n not in names]
    key, listed = ("on_kinds", names) if len(names) <= len(others) else ("but_kinds", others)
    return words(key, kinds=words("kind_separator").join(f"<code>{n}</code>" for n in listed))


def summary(rows: list[dict], words) -> str:
    """What the call changed, field by field (fields where every kind answered yes, or where
    nothing was measured, are left out), with the kinds each answer holds for where they
    differ; then the kinds where the call raised."""
    done = [r for r in rows if "raises" not in r]
    parts: list[str] = []
    returns_none = bool(done) and all(r["returns"] == "NoneType" for r in done)
    if returns_none:
        parts.append(words("returns_none"))
    for field in FIELDS:
        if field == "returns_itself" and returns_none:
            continue
        values: dict[str, list[str]] = {}
        for r in done:
            if r[field] is not None:
                values.setdefault(_value_key(r[field]), []).append(r["module"])
        if set(values) <= {"yes"}:
            continue
        measured = [r["module"] for r in done if r[field] is not None]
        for value, kinds in sorted(values.items(), key=lambda item: -len(item[1])):
            if value != "yes":
                parts.append(
                    words.section("says").section(field)(value) + _kinds(kinds, measured, words)
                )
    raised = [r["module"] for r in rows if "raises" in r]
    if raised:
        parts.append(words("raises_on") + _kinds(raised, [r["module"] for r in rows], words))
    if not parts:
        return words("keeps_everything")
    return words("part_separator").join(parts)


def _cell(row: dict, field: str, words) -> str:
    value = row[field]
    text = words.section("marks")(_value_key(value))
    # Why a cell is empty or says no, unless the kind says it (no buffers, no ties): on hover.
    why = row.get("why", {}).get(field)
    title = (
        words.section("why")(why) if why and why not in ("no-buffers", "no-ties", "raised") else ""
    )
    note = f' title="{_escape(title)}"' if title else ""
    return f"<td{note}>{text}</td>"


def _sentence(message: str) -> str:
    """A message's first sentence (a warning's first line can run to three)."""
    return message.split(". ")[0]


def _note(row: dict, words) -> str:
    notes = []
    if "raises" in row:
        notes.append(words("note_raises", error=f"<code>{_escape(row['raises'])}</code>"))
    if "step_raises" in row:
        notes.append(words("note_step_raises", error=f"<code>{_escape(row['step_raises'])}</code>"))
    if "warns" in row:
        notes.append(
            words("note_warns", warning=f"<code>{_escape(_sentence(row['warns']))}</code>")
        )
    which = row.get("which", {})
    for field, names in ((f, which[f]) for f in FIELDS if f in which):
        listed = words("kind_separator").join(f"<code>{_escape(n)}</code>" for n in names)
        notes.append(words("note_which", field=words.section("short")(field), names=listed))
    if row.get("missing"):
        names = words("kind_separator").join(f"<code>{_escape(n)}</code>" for n in row["missing"])
        notes.append(words("note_missing", names=names))
    return words("list_separator").join(notes)


def table(rows: list[dict], words) -> str:
    head = "".join(f"<th>{words.section('short')(f)}</th>" for f in FIELDS)  # the legend explains
    # Material's own wrapper, as around a Markdown table: it scrolls at a phone's width.
    lines = ['<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
             f"<table><thead><tr><th>{words('module_kind')}</th>{head}"
             f"<th>{words('notes')}</th></tr></thead><tbody>"]  # fmt: skip
    for row in rows:
        cells = "".join(_cell(row, f, words) for f in FIELDS)
        lines.append(
            f"<tr><td><code>{row['module']}</code></td>{cells}<td>{_note(row, words)}</td></tr>"
        )
    lines.append("</tbody></table></div></div>")
    return "".join(lines)


def by_call(data: dict) -> dict[str, list[dict]]:
    calls: dict[str, list[dict]] = {}
    for row in data["rows"]:
        calls.setdefault(row["call"], []).append(row)
    return calls


# The measured rows as each language's page links to them (i18n serves docs/generated/ once, at
# the site's root: module-atlas/ and zh/module-atlas/).
DATA_URL = {"en": "../generated/module-atlas.json", "zh": "../../generated/module-atlas.json"}


def render(data: dict, language: str) -> str:
    words = catalogue("module-atlas", language)
    kinds = catalogue("space-modules", language)
    counts = data["counts"]
    out = [
        f"<!-- {words('generated', command=COMMAND, json='docs/generated/module-atlas.json')} -->",
        "",
    ]
    out += [words("measured", torch=data["torch"], date=data["date"], **counts), ""]
    out += [f'<noscript><p class="atlas-noscript">{words("noscript", json=DATA_URL[language])}'
            "</p></noscript>", ""]  # fmt: skip
    out += [f"### {words('kinds_title')} {{ #kinds }}", ""]
    out += [f"- `{name}`{words('colon')}{kinds(name)}" for name in data["kinds"]] + [""]
    out += [f'!!! info "{words("legend_title")}"', ""]
    out += [
        f"    - **{words.section('short')(f)}**{words('colon')}{words.section('field')(f)}"
        for f in FIELDS
    ]
    out += [f"    - {words('legend_marks')}", ""]
    calls = by_call(data)
    grouped: dict[str, list[str]] = {name: [] for name in GROUPS}
    for expr, rows in calls.items():
        grouped[group(rows)].append(expr)
    for name in GROUPS:
        if not grouped[name]:
            continue
        out += [f"### {words.section('groups').section(name)('title')} {{ #group-{name} }}", ""]
        out += [words.section("groups").section(name)("intro"), ""]
        out.append('<div class="matlas-list">')
        for expr in grouped[name]:  # in the order of CALLS, which is the JSON's
            rows = calls[expr]
            if rows[0]["module"] is None:
                body = f"<p>{words.section('needs')(rows[0]['needs'])}</p>"
                said = words("not_measured_here")
            else:
                body = table(rows, words)
                said = summary(rows, words)
            # What a line opens on waits in a <template>, outside the page's elements until the
            # line is first opened (docs/assets/javascripts/reading.js puts it in): the 62 tables
            # of closed lines were 8,660 of the page's 9,750 elements, styled at every first
            # visit (Lighthouse mobile 84; 99 without them).
            out.append(
                f'<details class="matlas-call" id="{anchor(expr)}"><summary>'
                f'<code>{_escape(expr)}</code> <span class="matlas-says">{said}</span></summary>'
                f"<template>{body}</template></details>"
            )
        out += ["</div>", ""]
    out += [f"### {words('not_listed_title')} {{ #not-listed }}", "", words("not_listed_intro"), ""]
    out += [f"- `{method}`{words('colon')}{words.section('excluded')(reason)}"
            for method, reason in sorted(EXCLUDED.items())]  # fmt: skip
    out.append("")
    return "\n".join(out)
