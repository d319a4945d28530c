"""The atlas's list: atlas.json's rows rendered as the Markdown/HTML included by docs/atlas.md and
docs/atlas.zh.md, with the words of text/<language>/atlas.yml. Nothing here measures.

One `<details>` per operator: its summary is the row a reader scans (operator, result, and the
condition with how many calls support each part of it), and it opens in place on the rest (the
schema, writes, the in-place variant, and every call grouped by what it returned). No table: at a
phone's width a 12-column table showed names only, and its layout cost seconds of main thread.

The words are read as `words["key"]` (tools/text.py's Catalogue, which names the catalogue,
language and key of one that is missing).

The page holds the summaries only, in parts of PART_ROWS rows that the browser leaves unstyled
until they come near the screen. What an operator's line opens on is in a JSON file of its own
(details(): anchor -> HTML, atlas-details.json and atlas-details.zh.json, which mkdocs-static-i18n
serves as generated/atlas-details.json beside each language's pages), which
docs/assets/javascripts/atlas.js fetches when a line is first opened. With every line's details
in the page, a phone's first visit spent over a second styling 7,300 elements.
"""

from __future__ import annotations

import html
import json
import re

from tools.generate.atlas_probe import INPLACE_FACTS
from tools.project import LANGUAGES
from tools.site.block_heights import width
from tools.text import Catalogue, catalogue

COMMAND = "python -m tools.generate.atlas"
# The filter's options, in order: "" is every row; each other value is a token of data-kind.
FILTERS = ("", "same", "shares", "new", "conditional", "disagrees", "inplace", "raises", "other",
           "alias")  # fmt: skip
# Lines per part of the list (a <div class="atlas-part">, content-visibility: auto in extra.css):
# parts off screen are neither styled nor laid out on a first visit.
PART_ROWS = 40
# How many characters of a summary fit on one screen line, at most, in each layout of extra.css
# (a wide East Asian character counts two): on a phone the name and the result share a line and
# the condition runs below them, 34 a line; wider, the name has a column of its own (18) and the
# condition one beside it (42). Measured over every line of both languages' lists at 390, 720,
# 1,100 and 1,280 px, these never give a line fewer screen lines than it takes (36, 20 and 44
# did not either); a part adds one line to what its lines add up to. A part off screen holds the
# height they give (--lines on a phone, --lines-wide wider), at least the one it takes when
# drawn: less, and what it holds would lie over the next part when a tool lays it out unseen
# (Lighthouse's tap-target check found lines "obscured" there).
PHONE_COLUMNS, NAME_COLUMNS, CONDITION_COLUMNS = 34, 18, 42
# Where each language's details are, as i18n serves them (a `.zh` before the suffix: the zh page's
# file), and the URL the list names, relative to the atlas page (atlas/, zh/atlas/).
DETAILS_FILES = {"en": "atlas-details.json", "zh": "atlas-details.zh.json"}
DETAILS_URL = "../generated/atlas-details.json"
# The data itself, for readers without JavaScript: relative to each language's atlas page.
DATA_URL = {"en": "../generated/atlas.json", "zh": "../../generated/atlas.json"}


# The reasons the probe gives for an operator it could not run (in English, from atlas_probe.py
# and atlas_pool.py), recognised here and said in the page's language: the catalogue's
# skip_reasons under the same key, each group a placeholder.
SKIP_REASONS = {
    "every_sample_raised": r"every sample raised: (?P<message>.*)",
    "no_dtype_on_device": r"no dtype this probe uses runs on (?P<device>.*)",
    "worker_died_zero_size": (
        r"the worker process died \(signal (?P<signal>\d+), (?P<name>\w+)\)"
        r" on the zero-size input"
    ),
    "worker_died": (
        r"the worker process died \(signal (?P<signal>\d+), (?P<name>\w+)\)"
        r" on the (?P<input>.*) input"
    ),
    "timed_out": r"timed out after (?P<seconds>\d+) s",
    "no_inputs_built": r"its sample inputs could not be built: (?P<message>.*)",
    "no_inputs_on_device": r"no sample inputs on (?P<device>.*)",
    "probe_failed": r"the probe failed: (?P<message>.*)",
}


# How the traits of one clause of a condition combine (atlas.json's "when": [kind, how, traits]).
JOINERS = {"or": "or", "and": "and"}


def labels() -> dict[str, Catalogue]:
    """Each language's words (text/<language>/atlas.yml)."""
    return {language: catalogue("atlas", language) for language in LANGUAGES}


# Where an operator's name may break: after a dot or an underscore that is not its last character.
_BREAK_AFTER = re.compile(r"[._](?=.)")


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _code(text: str, language: str) -> str:
    return f"<code>{_escape(text)}</code>"


CJK = "\u4e00-\u9fff"


def _tidy(text: str) -> str:
    """Chinese set as the hand-written pages are: a space between Chinese and Latin letters,
    digits or inline code, none next to Chinese punctuation; no doubled spaces, none at the
    ends."""
    text = re.sub(rf"([{CJK}])(<code>|[A-Za-z0-9])", r"\1 \2", text)
    text = re.sub(rf"(</code>|[A-Za-z0-9])([{CJK}])", r"\1 \2", text)
    text = re.sub(r" {2,}", " ", text)
    text = re.sub(r" ?([，；：。（）、]) ?", r"\1", text)
    return text.strip()


def _trait(trait: str, words: dict, language: str) -> str:
    if trait in words["traits"]:
        return words["traits"][trait]
    if trait.startswith("dims="):
        return words["dims"].format(n=trait.removeprefix("dims="))
    return _code(trait, language)


def considered(row: dict) -> list[dict]:
    """The calls the row's result counts: every catalogue sample, and each added input that did
    not raise (as atlas_probe.measure_op decides)."""
    return [s for s in row["samples"] if s["source"] == "catalogue" or s["kind"] != "raises"]


def _matches(sample: dict, how: str, traits: list[str]) -> bool:
    test = any if how == "or" else all
    return test(t in sample["traits"] for t in traits)


def _calls(n: int, words: dict) -> str:
    return words["calls_one"] if n == 1 else words["calls_n"].format(n=n)


def condition(row: dict, words: dict, language: str) -> str:
    """The when-text: each kind with the trait that separated it in these calls and how many
    calls it covers, then the rest, with how many of them had a non-contiguous input, so that a
    reader sees what the calls did not decide."""
    found = row["condition"]
    if not found:
        return ""
    calls = considered(row)
    if found.get("unexplained"):
        kinds = sorted(
            {s["kind"] for s in calls}, key=lambda k: -sum(s["kind"] == k for s in calls)
        )
        parts = [
            words["kind_in"].format(kind=words["kinds_when"][k],
                                    calls=_calls(sum(s["kind"] == k for s in calls), words))
            for k in kinds
        ]  # fmt: skip
        return _tidy(words["unexplained"] + words["separator"] + words["separator"].join(parts))
    parts, rest = [], list(calls)
    for kind, how, traits in found["when"]:
        joined = words[JOINERS[how]].join(_trait(t, words, language) for t in traits)
        members = [s for s in calls if _matches(s, how, traits)]
        rest = [s for s in rest if s not in members]
        text = words["when"].format(kind=words["kinds_when"][kind], traits=joined)
        parts.append(text + words["clause_count"].format(calls=_calls(len(members), words)))
    others = words["otherwise"].format(kind=words["kinds_when"][found["otherwise"]])
    loose = sum("non-contiguous" in s["traits"] for s in rest)
    if loose:
        count = words["count_loose"].format(calls=_calls(len(rest), words), loose=loose)
    else:
        count = words["clause_count"].format(calls=_calls(len(rest), words))
    parts.append(others + count)
    return _tidy(words["separator"].join(parts))


def _mark(value, words: dict) -> str:
    """A yes/no in words (a glyph alone says nothing to a screen reader); empty when the
    question does not apply."""
    if value == "sometimes":
        return words["sometimes"]
    if value is None:
        return ""
    return words["yes"] if value else words["no"]


def _shape(shape: list[int] | None, words: dict) -> str:
    if shape is None:
        return ""
    return "×".join(map(str, shape)) if shape else words["zero_dim"]


def describe(sample: dict, words: dict) -> str:
    """One call in a few words: where its input came from (which catalogue sample), its shape,
    the result's shape."""
    shape = _shape(sample.get("shape"), words)
    out = sample.get("result_shape")
    if out is not None and out != sample.get("shape"):
        shape += " → " + _shape(out, words)
    base, _, index = sample["source"].partition("#")
    label = words["sources"].get(base, base)
    if index:
        return words["call_n"].format(source=label, n=index, shape=shape)
    return words["call"].format(source=label, shape=shape)


def _grouped(samples: list[dict], words: dict, shapes: bool = True) -> str:
    """Calls described (with their shapes, or by where the input came from only), the same
    description once with a count."""
    seen: dict[str, int] = {}
    for sample in samples:
        base = sample["source"].partition("#")[0]
        text = describe(sample, words) if shapes else words["sources"].get(base, base)
        seen[text] = seen.get(text, 0) + 1
    return words["list_separator"].join(
        _escape(text) + (f" ×{n}" if n > 1 else "") for text, n in seen.items()
    )


def _declared(row: dict, words: dict, language: str) -> str:
    declaration = row["declared"]
    if declaration is None:
        return words["no_schema"]
    text = words["declared"][declaration["kind"]]
    return words["declared_schema"].format(
        declared=text, schema=_code(declaration["schema"], language)
    )


def _inplace(row: dict, words: dict) -> str:
    inplace = row["inplace"]
    if inplace is None:
        return words["no_inplace"]
    if "error" in inplace:
        return words["inplace_raised"]
    facts = [
        words["inplace_facts"][fact].format(value=_mark(inplace[fact], words))
        for fact in INPLACE_FACTS[1:]
        if inplace[fact] is not None
    ]
    return words["pair_separator"].join(facts)


def _facts(row: dict, words: dict, language: str) -> str:
    """The details of one row: one paragraph of facts, one of calls."""
    f = words["facts"]
    items = [f["schema"].format(value=_declared(row, words, language))]
    if row["agreement"]:
        items.append(f["agreement"].format(value=words["agreement"][row["agreement"]]))
    if row["write_reaches_input"]:
        items.append(f["writes"].format(value=words["writes"][row["write_reaches_input"]]))
    items.append(f["inplace"].format(value=_inplace(row, words)))
    if row.get("alias_of"):
        items.append(f["alias_of"].format(key=_code(row["alias_of"], language)))
    if row.get("not_in_op_db"):
        items.append(f["not_in_op_db"])
    others = [name for name in row["aliased_inputs"] if not name.startswith("input")]
    if others:
        items.append(f["of_argument"].format(names=words["argument_separator"].join(others)))
    # Each call with its shapes where the calls disagree; where they all agree, where their
    # inputs came from is enough (atlas.json has the rest), and keeps the page light.
    calls = considered(row)
    shapes = row["result"] == "conditional"
    groups = []
    for kind in dict.fromkeys(s["kind"] for s in calls):
        members = [s for s in calls if s["kind"] == kind]
        listed = _grouped(members, words, shapes)
        groups.append(words["calls_group"].format(kind=words["kinds"][kind], n=len(members),
                                                  calls=listed))  # fmt: skip
    raised = [s for s in row["samples"] if s not in calls]
    if raised:
        listed = _grouped(raised, words, shapes)
        groups.append(words["raised_group"].format(n=len(raised), calls=listed))
    facts = _tidy(words["facts_separator"].join(items))
    return f"<p>{facts}</p><p>{'<br>'.join(_tidy(group) for group in groups)}</p>"


def filter_tokens(row: dict) -> list[str]:
    tokens = [k for k in row["kinds"] if k != "raises"]
    if row["result"] == "conditional":
        tokens.append("conditional")
    if row["agreement"] in ("undeclared", "unobserved"):
        tokens.append("disagrees")
    if row["inplace"] is not None:
        tokens.append("inplace")
    if any(s["kind"] == "raises" for s in row["samples"]):
        tokens.append("raises")
    if row.get("alias_of") or row.get("not_in_op_db"):
        tokens.append("alias")
    return tokens


def summary(row: dict, words: dict, language: str) -> str:
    """The line a reader scans, which the page (and so its search index) holds: operator, result,
    condition."""
    # A long name breaks after a dot or an underscore ("nn.functional.<wbr>embedding_<wbr>bag"),
    # not inside a word (it did: "nn.functional.embeddi" / "ng" in the 13em column).
    name = "<code>" + _BREAK_AFTER.sub(r"\g<0><wbr>", _escape(row["name"])) + "</code>"
    if row["variant"]:
        name += f' <span class="atlas-variant">{_escape(row["variant"])}</span>'
    result = words["kinds"][row["result"]]
    when = condition(row, words, language)
    text = f'<span class="atlas-name">{name}</span> <b data-r="{row["result"]}">{result}</b>'
    return text + (f' <span class="atlas-when">{when}</span>' if when else "")


def _columns(text: str) -> int:
    """Screen columns a summary's text takes (HTML: its text only)."""
    return width(html.unescape(re.sub(r"<[^>]+>", "", text)))


def screen_lines(row: dict, words: dict, language: str) -> tuple[int, int]:
    """The most screen lines a line's summary takes: (on a phone, wider)."""
    name = _columns(row["name"] + (" " + row["variant"] if row["variant"] else ""))
    result = _columns(words["kinds"][row["result"]])
    when = _columns(condition(row, words, language))
    phone = -(-(name + 1 + result) // PHONE_COLUMNS) + -(-when // PHONE_COLUMNS)
    wide = max(-(-name // NAME_COLUMNS), -(-when // CONDITION_COLUMNS), 1)
    return phone, wide


def _skip_reason(reason: str, words: dict) -> str:
    """A skip reason in the page's language: the generator writes them in English."""
    for key, english in SKIP_REASONS.items():
        match = re.fullmatch(english, reason)
        if match:
            found = {name: _escape(value) for name, value in match.groupdict().items()}
            if "device" in found:  # cpu, cuda: a device type as prose writes it
                found["device"] = found["device"].upper()
            return words["skip_reasons"][key].format(**found)
    return _escape(reason)


def details(data: dict, language: str) -> dict[str, str]:
    """What each operator's line opens on: its anchor -> the HTML of its facts and calls."""
    words = labels()[language]
    return {row["anchor"]: _facts(row, words, language) for row in data["rows"]}


def details_json(data: dict, language: str) -> str:
    """details() as the file atlas.js fetches: one line per operator, in the list's order, so
    that a change in one row is one line of the diff."""
    lines = [
        f"{json.dumps(anchor)}:{json.dumps(text, ensure_ascii=False)}"
        for anchor, text in details(data, language).items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def render(data: dict, language: str) -> str:
    words = labels()[language]
    header = words["generated"].format(command=COMMAND, json="docs/generated/atlas.json")
    counts_ = data["counts"]
    out = [f"<!-- {header} -->", ""]
    out += [words["measured"].format(torch=data["torch"], device=data["device"],
                                     date=data["date"], **counts_), ""]  # fmt: skip
    out += [f'!!! info "{words["legend_title"]}"', ""]
    out += [f"    - {item}" for item in words["legend"]] + [""]
    rows = data["rows"]
    tokens = [filter_tokens(row) for row in rows]
    # Each option with how many rows it shows; the script (assets/javascripts/atlas.js) counts
    # again as the name box narrows them. Options that would show nothing are left out.
    options = []
    for value in FILTERS:
        n = len(rows) if not value else sum(value in t for t in tokens)
        if n:
            text = words["filter"][value]
            shown = words["option"].format(label=text, count=n)
            options.append(f'<option value="{value}" data-label="{text}">{shown}</option>')
    out += [
        f'<div class="atlas-filter" id="atlas-filter" data-atlas-filter hidden '
        f'data-count="{words["count"]}" data-option="{words["option"]}">',
        f'<span><label for="atlas-kind">{words["filter_label"]}</label> '
        f'<select id="atlas-kind">{"".join(options)}</select></span>',
        f'<span><label for="atlas-name">{words["name_label"]}</label> '
        '<input id="atlas-name" type="search" autocomplete="off" spellcheck="false"></span>',
        '<output for="atlas-kind atlas-name" aria-live="polite"></output>',
        "</div>",
        "",
        f'<noscript><p class="atlas-noscript">'
        f'{words["noscript"].format(json=DATA_URL[language])}</p></noscript>',
        "",
        f'<div class="atlas-list" id="atlas-operators" role="region" '
        f'aria-label="{words["caption"].format(**counts_)}" data-details="{DETAILS_URL}" '
        f'data-loading="{words["loading"]}" data-failed="{words["load_failed"]}">',
    ]  # fmt: skip
    lines = list(zip(rows, tokens, strict=True))
    for start in range(0, len(lines), PART_ROWS):
        part = lines[start : start + PART_ROWS]
        counts = [screen_lines(row, words, language) for row, _ in part]
        phone, wide = (1 + sum(count[k] for count in counts) for k in (0, 1))
        out.append(
            f'<div class="atlas-part" style="--rows: {len(part)}; --lines: {phone}; '
            f'--lines-wide: {wide}">'
        )
        for row, token in part:
            out.append(
                f'<details class="atlas-op" id="{row["anchor"]}" data-kind="{" ".join(token)}">'
                f"<summary>{summary(row, words, language)}</summary></details>"
            )
        out.append("</div>")
    out += ["</div>", ""]
    out += [f"### {words['skipped_title']} {{ #skipped }}", ""]
    out += [words["skipped_intro"].format(**counts_), ""]
    for entry in data["skipped"]:
        reason = _skip_reason(entry["skipped"], words)
        out.append(
            f'- <span id="{entry["anchor"]}">`{entry["key"]}`</span>{words["colon"]}{reason}'
        )
    out += ["", f"### {words['cuda_title']} {{ #cuda }}", ""]
    reason = words["cuda_reasons"].get(data["cuda"] or "", "")
    out += [words["cuda_missing"].format(reason=reason, command=COMMAND)
            if data["cuda"] else words["cuda_done"], ""]  # fmt: skip
    return "\n".join(out)
