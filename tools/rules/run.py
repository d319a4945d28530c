"""Runs every rule over the boundary space and writes docs/generated/rules.json.

    python -m tools.rules.run            (= make rules)
    python -m tools.rules.run --only ID  (one rule or more, printed, nothing written)

Per rule: its id, pages, statement and condition in every language, the cases run and how many
held, and every case where it did not, inside its condition and just outside it, with what
happened. The order is fixed and nothing depends on the clock, so the file changes only when a
result does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys

import numpy
import torch

from tools import space
from tools.project import GENERATED, LANGUAGES, ROOT
from tools.rules.catalog import rules as all_rules
from tools.rules.core import Rule
from tools.space.tensors import skipped_words

OUTPUT = GENERATED / "rules.json"
COMMAND = "make rules"
# What the results depend on besides torch: the fingerprint covers these files.
SOURCES = ("tools/space", "tools/rules")
TEXTS = ("space", "rules", "observed")


def fingerprint() -> str:
    digest = hashlib.sha256()
    files = [p for folder in SOURCES for p in sorted((ROOT / folder).rglob("*.py"))]
    files += [ROOT / "text" / lang / f"{name}.yml" for name in TEXTS for lang in LANGUAGES]
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    # The module atlas's rows, which the `module-call` cases are (not its date or header).
    atlas = GENERATED / "module-atlas.json"
    if atlas.exists():
        rows = json.loads(atlas.read_text(encoding="utf-8"))["rows"]
        digest.update(json.dumps(rows, sort_keys=True).encode())
    digest.update(f"torch {torch.__version__} numpy {numpy.__version__}".encode())
    return digest.hexdigest()[:16]


def _side() -> dict:
    return {"cases": 0, "held": 0, "counterexamples": []}


def _parts(case) -> list:
    return list(getattr(case, "parts", (case,)))


def run_rule(rule: Rule, described: dict[str, dict[str, str]]) -> dict:
    """One rule's entry; the cases its counterexamples name are added to `described`.

    A counterexample is [case key, index into the rule's `happened`]: the key of a case of
    several dimensions joins its parts' keys with " | ", and `described` (the document's
    `cases`) holds each part in words. The smallest counterexample of each side is written out
    in full under `smallest`, in every language."""
    sides = {"inside": _side(), "outside": _side()}
    happened: list[dict[str, str]] = []
    smallest: dict[str, dict] = {}
    cases = [case for case in space.cases(*rule.over) if rule.applies(case)]
    for case in sorted(cases, key=lambda c: c.order):
        name = "inside" if rule.inside(case) else "outside"
        side = sides[name]
        outcome = rule.outcome(case)
        side["cases"] += 1
        if outcome.held:
            side["held"] += 1
            continue
        for part in _parts(case):
            if part.key not in described:
                described[part.key] = {lang: part.describe(lang) for lang in LANGUAGES}
        words = {lang: outcome.words(lang) for lang in LANGUAGES}
        if words not in happened:
            happened.append(words)
        side["counterexamples"].append([case.key, happened.index(words)])
        if name not in smallest:
            smallest[name] = {
                "case": {lang: case.describe(lang) for lang in LANGUAGES},
                "happened": words,
            }
    return {
        "id": rule.id,
        "pages": list(rule.pages),
        "over": list(rule.over),
        "statement": {lang: rule.statement(lang) for lang in LANGUAGES},
        "condition": {lang: rule.condition(lang) for lang in LANGUAGES},
        "cases": sum(s["cases"] for s in sides.values()),
        "held": sum(s["held"] for s in sides.values()),
        **sides,
        "smallest": smallest,
        "happened": happened,
    }


def run(rules: list[Rule]) -> dict:
    described: dict[str, dict[str, str]] = {}
    entries = [run_rule(rule, described) for rule in rules]
    return {
        "generated_by": COMMAND,
        "torch": torch.__version__,
        "fingerprint": fingerprint(),
        "rules_count": len(entries),
        "cases_count": sum(e["cases"] for e in entries),
        "rules": entries,
        "cases": dict(sorted(described.items())),
        "skipped_dtypes": skipped_words(),
    }


def problems(document: dict, language: str = "en") -> list[str]:
    """Every counterexample inside a rule's condition, as 'rule: case (key): what happened'."""
    found = []
    for entry in document["rules"]:
        for key, what in entry["inside"]["counterexamples"]:
            found.append(
                f"{entry['id']}: {describe(document, key, language)} ({key}): "
                f"{entry['happened'][what][language]}"
            )
    return found


def describe(document: dict, key: str, language: str) -> str:
    """A counterexample's case in words, from the document's descriptions of its parts."""
    from tools.space.core import words

    parts = [document["cases"][part][language] for part in key.split(" | ")]
    text = parts[0]
    for part in parts[1:]:
        text = words(language)("together", first=text, second=part)
    return text


def spot_check(document: dict, per_rule: int = 12) -> list[str]:
    """Reruns a fixed sample of each cheap rule's cases (every n-th, the smallest first) and
    says where the result differs from the document: a stale or nondeterministic result."""
    entries = {entry["id"]: entry for entry in document["rules"]}
    differences = []
    for rule in all_rules():
        entry = entries.get(rule.id)
        if entry is None:
            differences.append(f"{rule.id}: not in the document")
            continue
        if rule.expensive:
            continue
        cases = sorted(
            (c for c in space.cases(*rule.over) if rule.applies(c)), key=lambda c: c.order
        )
        if len(cases) != entry["cases"]:
            differences.append(f"{rule.id}: {len(cases)} cases now, {entry['cases']} recorded")
            continue
        recorded = {
            key: entry["happened"][what][LANGUAGES[0]]
            for side in ("inside", "outside")
            for key, what in entry[side]["counterexamples"]
        }
        for case in cases[:: max(1, len(cases) // per_rule)]:
            outcome = rule.outcome(case)
            now = None if outcome.held else outcome.words(LANGUAGES[0])
            if now != recorded.get(case.key):
                differences.append(
                    f"{rule.id}: {case.key}: now {now or 'holds'}, "
                    f"recorded {recorded.get(case.key) or 'holds'}"
                )
    return differences


def dump(document: dict) -> str:
    """One counterexample a line: the file stays readable in a diff and small."""
    text = json.dumps(document, ensure_ascii=False, indent=1)
    return re.sub(r"\[\n\s+(\"[^\"\n]*\"),\n\s+(\d+)\n\s+\]", r"[\1, \2]", text) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", metavar="ID", help="run these rules and print them")
    args = parser.parse_args(argv)
    rules = all_rules()
    if args.only:
        unknown = sorted(set(args.only) - {r.id for r in rules})
        if unknown:
            print(f"no such rule: {', '.join(unknown)}", file=sys.stderr)
            return 2
        print(dump(run([r for r in rules if r.id in args.only])), end="")
        return 0
    document = run(rules)
    OUTPUT.write_text(dump(document), encoding="utf-8")
    inside = [
        (e["id"], len(e["inside"]["counterexamples"]))
        for e in document["rules"]
        if e["inside"]["counterexamples"]
    ]
    print(
        f"{OUTPUT.relative_to(ROOT)}: {document['rules_count']} rules, "
        f"{document['cases_count']} cases"
    )
    for rule_id, count in inside:
        print(f"  {rule_id}: {count} counterexamples inside its condition", file=sys.stderr)
    return 1 if inside else 0


if __name__ == "__main__":
    sys.exit(main())
