"""What the versions run still has to measure, and how a partial measurement joins the data.

`make versions` compares every CPU snippet on the pages, the copy-semantics matrix and the
operator atlas under each torch release with the pinned torch (tools/generate/versions.py). The
committed docs/generated/versions.json says, per snippet, the content (hash) it was measured with
(`snippet_hashes`) and, per table, the hash of the code that measured it (`table_hashes`). From
those and the files as they are now:

- `pending_snippets`: the CPU snippets on the pages without a result from the other releases as
  their file is now (added, or edited, since): the versions page lists them;
- `plan`: per release, what a run measures: with a release the data does not have (or one that
  did not run), everything; with the others, the pending snippets, the snippets that release
  missed, and a table whose code changed; with the pinned torch, everything any release measures
  (each result is compared with the pinned one's). `force` measures everything;
- `merge`: the data with the results of such a run folded in (release -> a result of
  tools/generate/versions.py `measure_release`, holding only what was measured), every
  comparison made as `versions_page.build` makes it; a snippet no page holds any more is
  dropped. `merge(data, {})` is that pruning alone, which needs no torch release
  (`make outputs` runs it).

A result counts for a snippet only with the hash of its file now, and for a table only with the
hash of its code now. Only the standard library: the merge runs without torch.
"""

from __future__ import annotations

import ast
import copy
import hashlib

from tools import project
from tools.generate import versions_page
from tools.generate.versions_page import SAME

ROOT = project.ROOT
TABLE_NAMES = ("matrix", "atlas")
# The code that measures each table: a change to it makes the table pending with every release.
TABLE_CODE = {
    "matrix": ["tools/generate/semantics.py"],
    "atlas": [
        "tools/generate/atlas_pool.py",
        "tools/generate/atlas_probe.py",
        "tools/generate/semantics.py",
    ],
}


# Where a file's measuring code ends: what follows renders the tables' words, which change
# nothing a release measures (a wording fix must not make a table pending with every release).
RENDERING = "# -- rendering"


def measuring_code(name: str, text: str | None = None) -> bytes:
    """The part of a file that decides what is measured: the code above its rendering section,
    as Python reads it (no comments, docstrings or import lines: a module that moves its
    sentences to a catalogue imports another module, and its docstring may say so)."""
    text = (ROOT / name).read_text(encoding="utf-8") if text is None else text
    tree = ast.parse(text.split("\n" + RENDERING, 1)[0])
    kept = [
        node
        for node in tree.body
        if not isinstance(node, (ast.Import, ast.ImportFrom))
        and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))
    ]
    for node in ast.walk(ast.Module(body=kept, type_ignores=[])):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(ast.Module(body=kept, type_ignores=[])).encode()


def table_hashes() -> dict[str, str]:
    found = {}
    for table, files in TABLE_CODE.items():
        digest = hashlib.sha256()
        for name in files:
            digest.update(name.encode() + b"\0" + measuring_code(name) + b"\0")
        found[table] = digest.hexdigest()[:12]
    return found


def snippets_now(pages: list[dict] | None = None) -> dict[str, str]:
    """Each CPU snippet on the pages (versions_page.chapters), with the hash of its file now."""
    pages = versions_page.chapters() if pages is None else pages
    every = sorted({s for page in pages for s in page["snippets"]})
    return {s: project.snippet_hash(s) for s in every}


def pending_snippets(data: dict, now: dict[str, str]) -> list[str]:
    """The snippets on the pages that the data has no result for, as their file is now."""
    recorded = data.get("snippet_hashes", {})
    return sorted(s for s, h in now.items() if recorded.get(s) != h)


def unknown_snippets(data: dict, now: dict[str, str]) -> list[str]:
    """Snippets the data names (results, differences, chapters) that no page holds now."""
    named = set(data.get("snippet_hashes", {}))
    named |= {s for page in data.get("chapters", []) for s in page.get("snippets", [])}
    for release in data.get("releases", []):
        named |= set(release.get("differences", {})) | set(release.get("not_run_snippets", []))
    return sorted(named - set(now))


def plan(
    data: dict,
    releases: list[str],
    pinned: str,
    now: dict[str, str],
    tables: dict[str, str],
    force: bool = False,
) -> dict[str, dict[str, list[str]]]:
    """release -> {"snippets": [...], "tables": [...]} that a run measures; a release with
    nothing to measure is left out. `tables` is table_hashes() now."""
    entries = {r["release"]: r for r in data.get("releases", [])}
    pending = set(pending_snippets(data, now))
    changed_tables = [t for t in TABLE_NAMES if data.get("table_hashes", {}).get(t) != tables[t]]
    found: dict[str, dict[str, list[str]]] = {}
    for release in dict.fromkeys([pinned, *releases]):
        entry = entries.get(release)
        if force or entry is None or entry.get("not_run"):
            snippets, wanted = set(now), list(TABLE_NAMES)
        else:
            snippets = pending | (set(entry.get("not_run_snippets", [])) & set(now))
            wanted = [
                t
                for t in TABLE_NAMES
                if t in changed_tables or entry.get(t, {}).get("status") == "pending"
            ]
        found[release] = {"snippets": sorted(snippets), "tables": wanted}
    # the pinned torch measures whatever any release measures: each is compared with it
    found[pinned] = {
        "snippets": sorted({s for job in found.values() for s in job["snippets"]}),
        "tables": [t for t in TABLE_NAMES if any(t in job["tables"] for job in found.values())],
    }
    return {r: job for r, job in found.items() if job["snippets"] or job["tables"]}


def skeleton(pinned: str) -> dict:
    """The data before any release was measured (a forced run merges into it)."""
    return {
        "command": versions_page.COMMAND,
        "pinned": pinned,
        "snippet_hashes": {},
        "table_hashes": {},
        "atlas": {},
        "chapters": [],
        "releases": [],
    }


def _valid_snippets(result: dict, now: dict[str, str]) -> dict[str, dict]:
    """The snippet results of a measurement taken with the files as they are now."""
    hashes = result.get("snippet_hashes", {})
    return {
        s: found
        for s, found in result.get("snippets", {}).items()
        if s in now and hashes.get(s) == now[s]
    }


def _valid_tables(result: dict, tables: dict[str, str]) -> list[str]:
    hashes = result.get("table_hashes", {})
    return [t for t in TABLE_NAMES if t in result and hashes.get(t) == tables[t]]


def _compare(table: str, pinned: dict, other: dict) -> dict:
    if table == "atlas":
        return versions_page.compare_atlas(pinned, other)
    return versions_page.compare_table(pinned, other)


def merge(
    data: dict | None,
    measured: dict[str, dict],
    pinned: str,
    pages: list[dict] | None = None,
    now: dict[str, str] | None = None,
    tables: dict[str, str] | None = None,
) -> dict:
    """The data with `measured` (release -> a partial or complete result) folded in."""
    pages = versions_page.chapters() if pages is None else pages
    now = snippets_now(pages) if now is None else now
    tables = table_hashes() if tables is None else tables
    data = copy.deepcopy(data) if data else skeleton(pinned)
    recorded = data.get("snippet_hashes", {})
    valid = {s: h for s, h in recorded.items() if now.get(s) == h}
    base = measured.get(pinned)
    if base is not None and base.get("not_run"):
        raise ValueError(f"the pinned torch {pinned} did not run: {base['not_run']}")
    base_snippets = _valid_snippets(base, now) if base else {}
    base_tables = _valid_tables(base, tables) if base else []
    changed = {s for s in base_snippets if valid.get(s) != now[s]}  # new or edited
    hashes = {**valid, **{s: now[s] for s in base_snippets}}
    table_hashes_now = dict(data.get("table_hashes", {}))
    changed_tables = {t for t in base_tables if table_hashes_now.get(t) != tables[t]}
    for table in base_tables:
        table_hashes_now[table] = tables[table]

    entries = {r["release"]: r for r in data.get("releases", [])}
    for release, result in measured.items():
        if release in entries and not entries[release].get("not_run"):
            continue  # a release the data has: its entry is brought up to date below
        if result.get("not_run"):
            entries[release] = {
                key: result.get(key) for key in ("release", "measured", "seconds", "not_run")
            }
            entries[release]["pinned"] = release == pinned
        else:
            entries[release] = {"release": release}  # new: built from its result below
    releases = []
    for name, old in entries.items():
        if old.get("not_run") and (name not in measured or measured[name].get("not_run")):
            releases.append(old)  # did not run, then or now
            continue
        result = measured.get(name)
        fresh = result is not None and not result.get("not_run")
        new = old.get("not_run") or "snippets_run" not in old
        entry = (
            {"release": name, "pinned": name == pinned}
            if new
            else {k: v for k, v in old.items() if k != "not_run"}
        )
        if new:
            entry.update(measured=result.get("measured"), seconds=result.get("seconds"))
            compared: set[str] = set()
            differences: dict[str, dict] = {}
        else:
            compared = set(valid) - set(old.get("not_run_snippets", [])) - changed
            differences = {s: c for s, c in old.get("differences", {}).items() if s in compared}
        if fresh:
            entry.update(
                torch=result["torch"],
                cuda=result["cuda"],
                build="cpu" if result["cuda"] is None else "cuda",
                python=result["python"],
                numpy=result["numpy"],
                measured=result.get("measured"),
            )
            for s, found in _valid_snippets(result, now).items():
                if s not in base_snippets:
                    continue  # no pinned result to compare it with in this run
                compared.add(s)
                c = versions_page.compare_snippet(
                    base_snippets[s], base["torch"], found, result["torch"]
                )
                differences.pop(s, None)
                if c["status"] != SAME:
                    c.update(
                        pinned_output=base_snippets[s]["stdout"], release_output=found["stdout"]
                    )
                    differences[s] = c
        entry["snippets_run"] = len(compared)
        entry["not_run_snippets"] = sorted(set(now) - compared)
        entry["differences"] = dict(sorted(differences.items()))
        for table in TABLE_NAMES:
            if fresh and table in base_tables and table in _valid_tables(result, tables):
                entry[table] = _compare(table, base[table], result[table])
            elif new or table in changed_tables:
                entry[table] = {"status": "pending"}
        entry["chapters"] = {
            page["page"]: versions_page.chapter_status(page, entry)
            for page in pages
            if versions_page.has_checks(page)
        }
        releases.append(entry)
    releases.sort(key=lambda r: versions_page.release_order(r["release"]))

    if "atlas" in base_tables:
        atlas = base["atlas"]
        data["atlas"] = {"status": atlas.get("status"), "rows": len(atlas.get("rows", {}))}
    if data.get("atlas"):
        data["atlas"]["first_as_pinned"] = versions_page.first_as_pinned(releases, pinned)
    data.update(
        pinned=pinned,
        snippet_hashes=dict(sorted(hashes.items())),
        table_hashes=dict(sorted(table_hashes_now.items())),
        chapters=[page for page in pages if versions_page.has_checks(page)],
        releases=releases,
        measured=max((r["measured"] for r in releases if r.get("measured")), default=None),
        total_seconds=round(sum(r.get("seconds") or 0 for r in releases)),
    )
    return data
