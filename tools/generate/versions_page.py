"""The versions data and page: compare releases with the pinned torch, render in both languages.

`build()` turns the per-release measurements of tools/generate/versions.py into the content of
docs/generated/versions.json; `render()` turns that JSON into the Markdown included by
docs/versions.md and docs/versions.zh.md. Only the standard library: the page test renders from
the committed JSON without torch.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

from tools import pages, project
from tools.text import Catalogue, catalogue

ROOT = project.ROOT
GENERATED = project.GENERATED
JSON_PATH = GENERATED / "versions.json"
COMMAND = "python -m tools.generate.versions"
LANGUAGES = project.LANGUAGES
SAME, DIFFERS, FAILS = "same", "differs", "fails"
# A chapter some of whose snippets did not run with a release as they are on the pages (added or
# edited after that release ran); what ran of it printed the same.
PARTLY = "partly"
# What the versions page compares of an atlas row (tools.generate.versions.atlas_summary).
ATLAS_PROPERTIES = ("result", "condition", "write", "inplace", "declared")
# Generated tables measured by the versions run, and the name of the file a page includes them by.
TABLES = {"matrix": "copy_semantics", "atlas": "atlas"}
_WARNING = re.compile(r"\b(?P<category>\w*Warning): (?P<message>.*)")


# -- comparing ----------------------------------------------------------------------------------


def short(version: str) -> str:
    """2.4.1+cu121 -> 2.4.1: the number a snippet prints with torch.__version__.split('+')[0]."""
    return version.split("+")[0]


def normalise(output: str, version: str) -> str:
    """A release's own version number is not a difference (snippets/about/torch_version.py)."""
    return output.replace(short(version), "<torch version>") if version else output


def compare_output(pinned: str, pinned_version: str, other: str, other_version: str) -> dict:
    """ "same", or "differs" with a unified diff, for what one snippet printed under two torches."""
    mine, theirs = normalise(pinned, pinned_version), normalise(other, other_version)
    if mine == theirs:
        return {"status": SAME}
    diff = difflib.unified_diff(
        mine.splitlines(keepends=True),
        theirs.splitlines(keepends=True),
        fromfile=f"torch {short(pinned_version)}",
        tofile=f"torch {short(other_version)}",
    )
    return {
        "status": DIFFERS,
        "diff": "".join(line if line.endswith("\n") else line + "\n" for line in diff),
    }


def warnings_of(stderr: str) -> list[str]:
    """The warnings a snippet printed, without the file and line they point at."""
    found = []
    for line in stderr.splitlines():
        match = _WARNING.search(line)
        if match and not line.startswith(" "):
            found.append(f"{match['category']}: {match['message'].strip()}")
    return sorted(set(found))


def compare_snippet(pinned: dict, pinned_version: str, other: dict, other_version: str) -> dict:
    """Compare one snippet's results (status, stdout, stderr) under the pinned and another torch."""
    if other["status"] != "ok":
        return {"status": FAILS, "error": other.get("error") or other["status"]}
    if pinned["status"] != "ok":
        return {"status": DIFFERS, "diff": f"- {pinned.get('error')}\n+ (runs)\n"}
    found = compare_output(pinned["stdout"], pinned_version, other["stdout"], other_version)
    mine = warnings_of(pinned.get("stderr", ""))
    theirs = warnings_of(other.get("stderr", ""))
    if mine != theirs:
        found["warnings"] = {"pinned": mine, "release": theirs}
        if found["status"] == SAME:
            found = {"status": DIFFERS, "diff": "", "warnings": found["warnings"]}
    return found


def row_key(row: dict) -> str:
    return f"{row.get('op', row.get('id', '?'))}/{row.get('source', '')}".rstrip("/")


def compare_rows(pinned: list[dict], other: list[dict]) -> list[dict]:
    """The cells of a measured table (matrix, atlas) that differ, row by row and property."""
    theirs = {row_key(row): row for row in other}
    found = []
    for row in pinned:
        key = row_key(row)
        if key not in theirs:
            found.append({"row": key, "property": "(row)", "pinned": "present", "release": None})
            continue
        for name in sorted(set(row) | set(theirs[key])):
            if row.get(name) != theirs[key].get(name):
                found.append(
                    {
                        "row": key,
                        "code": row.get("code"),
                        "property": name,
                        "pinned": row.get(name),
                        "release": theirs[key].get(name),
                    }
                )
    mine = {row_key(row) for row in pinned}
    found += [
        {"row": key, "property": "(row)", "pinned": None, "release": "present"}
        for key in theirs
        if key not in mine
    ]
    return found


def compare_atlas(pinned: dict, other: dict) -> dict:
    """One release's atlas against the pinned one's: operators only one of the two catalogues
    has (or that only one could probe), and the properties of the rows that differ."""
    if other.get("status") != "ok" or pinned.get("status") != "ok":
        return {key: other.get(key) for key in ("status", "error") if other.get(key)}
    mine, theirs = pinned["rows"], other["rows"]
    found = {
        "status": "ok",
        "rows": len(theirs),
        # in the pinned atlas, not probed with this release: skipped there, or not in its op_db
        "skipped_here": sorted(k for k in mine if k not in theirs and k in other["skipped"]),
        "not_in_catalogue": sorted(
            k for k in mine if k not in theirs and k not in other["skipped"]
        ),
        # probed with this release only: not in 2.13.0's op_db, or skipped with it
        "only_here": sorted(k for k in theirs if k not in mine),
        "differences": [],
    }
    for key in sorted(set(mine) & set(theirs)):
        for name in ATLAS_PROPERTIES:
            if mine[key].get(name) != theirs[key].get(name):
                cell = {
                    "row": key,
                    "property": name,
                    "pinned": mine[key].get(name),
                    "release": theirs[key].get(name),
                }
                if name in ("result", "condition"):
                    cell["text"] = {"pinned": mine[key]["text"], "release": theirs[key]["text"]}
                    cell["results"] = [mine[key]["result"], theirs[key]["result"]]
                found["differences"].append(cell)
    return found


def first_as_pinned(releases: list[dict], pinned: str) -> dict[str, str | None]:
    """For each atlas row/property that differs with some release: the first release from which
    every release measured up to the pinned one behaves as the pinned one does (None: not even
    the release just before it). Releases after the pinned one are not counted here."""
    number = release_order(pinned)[0]
    older = [
        r
        for r in releases
        if not r.get("pinned")
        and r.get("atlas", {}).get("status") == "ok"
        and release_order(r["release"])[0] <= number
    ]
    cells = {
        f"{c['row']}/{c['property']}"
        for r in releases
        if not r.get("pinned")
        for c in r.get("atlas", {}).get("differences", [])
    }
    found: dict[str, str | None] = {}
    for cell in sorted(cells):
        since = None
        for release in reversed(older):  # newest first, down to the first one that differs
            differs = {f"{c['row']}/{c['property']}" for c in release["atlas"]["differences"]}
            row = cell.rpartition("/")[0]
            if cell in differs or row in release["atlas"]["not_in_catalogue"]:
                break
            if row in release["atlas"]["skipped_here"]:
                break
            since = release["release"]
        found[cell] = since
    return found


def compare_table(pinned: dict, other: dict) -> dict:
    if other.get("status") != "ok" or pinned.get("status") != "ok":
        return {key: other.get(key) for key in ("status", "error") if other.get(key)}
    rows = pinned["rows"]
    return {"status": "ok", "rows": len(rows), "differences": compare_rows(rows, other["rows"])}


# -- building the JSON --------------------------------------------------------------------------


def chapters(docs: Path = project.DOCS) -> list[dict]:
    """The pages in nav order, each with its title in both languages and its CPU snippets."""
    found = []
    for src in nav_pages():
        page = docs / src
        if not page.is_file():
            continue
        entry: dict = {"page": src[: -len(".md")], "title": {}, "snippets": [], "tables": []}
        for language in LANGUAGES:
            path = page if language == "en" else project.translation_of(page)
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            titles = [h.title for h in pages.headings(text) if h.level == 1]
            entry["title"][language] = titles[0] if titles else entry["page"]
            if language == "en":
                for example in pages.examples(text):
                    snippet = example.snippet
                    if (
                        snippet
                        and (ROOT / snippet).is_file()
                        and not project.needs_cuda(ROOT / snippet)
                    ):
                        entry["snippets"].append(snippet)
                entry["tables"] = [
                    table for table, name in TABLES.items() if f"docs/generated/{name}" in text
                ]
        found.append(entry)
    return found


def nav_pages() -> list[str]:
    """The pages of mkdocs.yml's nav, in order (read by pattern: the file has Python tags)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text[text.index("\nnav:") :]
    return re.findall(r":\s*\"?([\w/-]+\.md)\"?\s*$", nav, re.M)


def release_order(release: str) -> tuple:
    numbers = tuple(int(n) for n in re.findall(r"\d+", short(release))[:3])
    return (numbers, "+" in release)  # the CPU build (2.13.0+cpu) after the CUDA wheel (2.13.0)


def build(measured: dict[str, dict], pinned: str, inputs: str) -> dict:
    """The content of versions.json: every release compared with the pinned one."""
    base = measured[pinned]
    base_hashes = base.get("snippet_hashes", {})
    pages = chapters()
    releases = []
    for release in sorted(measured, key=release_order):
        found = measured[release]
        entry = {
            "release": release,
            "pinned": release == pinned,
            "measured": found.get("measured"),
            "seconds": found.get("seconds"),
        }
        if found.get("not_run"):
            entry["not_run"] = found["not_run"]
            releases.append(entry)
            continue
        entry.update(
            torch=found["torch"],
            cuda=found["cuda"],
            build="cpu" if found["cuda"] is None else "cuda",
            python=found["python"],
            numpy=found["numpy"],
        )
        snippets = {}
        hashes = found.get("snippet_hashes", {})
        for path, result in sorted(found["snippets"].items()):
            if path not in base["snippets"] or hashes.get(path) != base_hashes.get(path):
                continue  # not run with the pinned torch, or run in another version of the file
            compared = compare_snippet(
                base["snippets"][path], base["torch"], result, found["torch"]
            )
            if compared["status"] != SAME:
                compared.update(
                    pinned_output=base["snippets"][path]["stdout"],
                    release_output=result["stdout"],
                )
            snippets[path] = compared
        entry["snippets_run"] = len(snippets)
        on_pages = {snippet for page in pages for snippet in page["snippets"]}
        entry["not_run_snippets"] = sorted(on_pages - set(snippets))
        entry["differences"] = {p: c for p, c in snippets.items() if c["status"] != SAME}
        entry["matrix"] = compare_table(base["matrix"], found["matrix"])
        entry["atlas"] = compare_atlas(base.get("atlas", {}), found.get("atlas", {}))
        entry["chapters"] = {
            page["page"]: chapter_status(page, entry) for page in pages if has_checks(page)
        }
        releases.append(entry)
    atlas = base.get("atlas", {})
    return {
        "command": COMMAND,
        "pinned": pinned,
        "inputs": inputs,
        "snippet_hashes": base_hashes,
        "atlas": {
            "status": atlas.get("status"),
            "rows": len(atlas.get("rows", {})),
            "first_as_pinned": first_as_pinned(releases, pinned),
        },
        "measured": max(r["measured"] for r in releases if r.get("measured")),
        "total_seconds": round(sum(r.get("seconds") or 0 for r in releases)),
        "chapters": [page for page in pages if has_checks(page)],
        "releases": releases,
    }


def has_checks(page: dict) -> bool:
    return bool(page["snippets"] or page["tables"])


def _table_changed(measured: dict) -> bool:
    """A table (matrix, atlas) that differs from the pinned one, or could not be measured."""
    if measured.get("status") == "error":
        return True
    return any(measured.get(key) for key in ("differences", "not_in_catalogue", "only_here"))


def chapter_status(page: dict, release: dict) -> str:
    statuses = [release["differences"].get(s, {}).get("status", SAME) for s in page["snippets"]]
    if set(page["snippets"]) & set(release.get("not_run_snippets", [])):
        statuses.append(PARTLY)
    for table in page["tables"]:
        measured = release.get(table, {})
        if measured.get("status") == "error":
            statuses.append(FAILS)
        elif measured.get("status") == "pending":  # its code changed since (versions_merge)
            statuses.append(PARTLY)
        elif _table_changed(measured):
            statuses.append(DIFFERS)
    for status in (FAILS, DIFFERS, PARTLY):
        if status in statuses:
            return status
    return SAME


def to_json(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


# -- rendering ----------------------------------------------------------------------------------


def words(language: str) -> Catalogue:
    """The page's sentences, the home page's paragraph and the chapters' line:
    text/<language>/versions.yml."""
    return catalogue("versions", language)


def anchor(page: str) -> str:
    return f"versions-{page.replace('/', '-')}"


def snippet_anchor(snippet: str) -> str:
    name = snippet.removeprefix("snippets/").removesuffix(".py")
    return "diff-" + re.sub(r"[^A-Za-z0-9-]+", "-", name).strip("-")


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _code(text) -> str:
    text = _cell(json.dumps(text, ensure_ascii=False) if not isinstance(text, str) else text)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def _build(release: dict, labels: Catalogue) -> str:
    if release.get("cuda"):
        return labels("cuda", cuda=release["cuda"])
    return labels("cpu")


def _fence(title: str, body: str) -> list[str]:
    return [f'```text title="{title}"', *body.splitlines(), "```"]


def _titles_now(data: dict, docs: Path = project.DOCS) -> dict:
    """The data with each chapter's title as its page gives it now (pages get renamed)."""
    fresh = []
    for page in data["chapters"]:
        titles = dict(page["title"])
        for language in LANGUAGES:
            path = project.page_path(page["page"], language, docs)
            if path.is_file():
                found = [h.title for h in pages.headings(path.read_text(encoding="utf-8"))]
                titles[language] = found[0] if found else titles.get(language)
        fresh.append({**page, "title": titles})
    return {**data, "chapters": fresh}


def render(data: dict, language: str) -> str:
    data = _titles_now(data)
    labels = words(language)
    releases = data["releases"]
    run = [r for r in releases if not r.get("not_run")]
    pinned = next(r for r in releases if r["pinned"])
    matrix_rows = pinned.get("matrix", {}).get("rows", 0)
    atlas = any(r.get("atlas", {}).get("status") == "ok" for r in run)
    out = [
        labels("generated", command=data["command"]),
        "",
        labels(
            "summary",
            date=data["measured"],
            count=len({short(r["release"]) for r in releases}),
            builds=len(releases),
            pinned=data["pinned"],
            snippets=pinned.get("snippets_run", 0),
            rows=matrix_rows,
            atlas=labels("atlas_present") if atlas else labels("atlas_missing"),
            minutes=round(data["total_seconds"] / 60),
        ),
        "",
        f"## {labels('releases_title')} {{ #releases }}",
        "",
        "| " + " | ".join(labels.items("releases_columns")) + " |",
        "|" + "---|" * len(labels.items("releases_columns")),
    ]
    for release in releases:
        name = f"`{release['release']}`" + (labels("pinned_mark") if release["pinned"] else "")
        if release.get("not_run"):
            reason = labels("not_run", reason=_cell(release["not_run"]))
            out.append(f"| {name} | {reason} |" + " |" * 6)
            continue
        differences = release["differences"].values()
        matrix = release.get("matrix", {})
        out.append(
            f"| {name} | {_build(release, labels)} | {release['python']} | {release['numpy']} "
            f"| {release['snippets_run']} "
            f"| {sum(d['status'] == DIFFERS for d in differences)} "
            f"| {sum(d['status'] == FAILS for d in differences)} "
            f"| {len(matrix.get('differences', [])) if matrix.get('status') == 'ok' else '–'} |"
        )
    out += _what_ran(data, run, labels)
    out += pending_section(data, language)
    out += _chapter_table(data, run, labels)
    out += _differences(data, run, labels)
    out += _matrix(run, labels)
    out += _atlas(data, run, labels)
    return "\n".join(out).rstrip("\n") + "\n"


def coverage(
    data: dict,
    run: list[dict],
    now: list[dict] | None = None,
    hashes: dict[str, str] | None = None,
) -> dict[str, tuple[set[str], set[str], list[str]]]:
    """Per chapter with CPU snippets now: (its snippets now, those that ran with every build,
    the builds that ran every one of them).

    `now` is `chapters()` (the pages as they are), `hashes` each snippet's hash now; both read
    from the files when not given. A snippet counts as run with a build when the run ran it as
    the file is now (its hash) and that build did not miss it: never more than was measured."""
    listed = {page["page"]: set(page["snippets"]) for page in data["chapters"]}
    recorded = data.get("snippet_hashes")
    now_pages = {page["page"]: page for page in (chapters() if now is None else now)}
    if hashes is None:
        every = {s for page in now_pages.values() for s in page["snippets"]}
        hashes = {s: project.snippet_hash(s) for s in every if (ROOT / s).is_file()}

    def ran_with(snippet: str, slug: str, release: dict) -> bool:
        if recorded is None:  # a JSON from before the hashes: what the run listed
            return snippet in listed.get(slug, set())
        return recorded.get(snippet) == hashes.get(snippet) and snippet not in release.get(
            "not_run_snippets", []
        )

    found = {}
    for slug, page in now_pages.items():
        current = set(page["snippets"])
        if current:
            ran = {s for s in current if all(ran_with(s, slug, r) for r in run)}
            complete = [r["release"] for r in run if all(ran_with(s, slug, r) for s in current)]
            found[slug] = (current, ran, complete)
    return found


def _what_ran(
    data: dict,
    run: list[dict],
    labels: Catalogue,
    now: list[dict] | None = None,
    hashes: dict[str, str] | None = None,
) -> list[str]:
    """Per chapter: its CPU snippets now, how many ran with every build measured, how many were
    added or edited after the run, and which builds ran every one of them (`coverage`)."""
    language = labels.language
    listed = {page["page"]: set(page["snippets"]) for page in data["chapters"]}
    counts = {r["release"]: r.get("snippets_run", 0) for r in run}
    every_listed = set().union(*listed.values()) if listed else set()
    if "snippet_hashes" in data:  # what the pinned torch ran, not the pages' pending snippets
        every_listed = set(data["snippet_hashes"])
    out = ["", f"## {labels('ran_title')} {{ #what-ran }}", ""]
    if set(counts.values()) == {len(every_listed)}:
        out.append(labels("ran_same", builds=len(run), snippets=len(every_listed)))
    else:
        shown = labels("list").join(
            labels("ran_count", release=f"`{r}`", count=n) for r, n in counts.items()
        )
        out.append(labels("ran_differs", counts=shown))
    head = labels.items("ran_columns")
    out += ["", "| " + " | ".join(head) + " |", "|---|" + "--:|" * (len(head) - 1)]
    titles = {page["page"]: page["title"] for page in data["chapters"]}
    now = chapters() if now is None else now  # read once, for the rows and their titles
    now_pages = {page["page"]: page for page in now}
    totals: dict[str, set[str]] = {"now": set(), "ran": set()}
    for slug, (current, ran, complete) in coverage(data, run, now, hashes).items():
        totals["now"] |= current
        totals["ran"] |= ran
        title = labels(
            "chapter_title", title=_cell(titles.get(slug, now_pages[slug]["title"])[language])
        )
        if len(complete) == len(run):
            releases = labels("ran_all", total=len(run))
        elif complete:
            releases = labels("list").join(f"`{r}`" for r in complete)
        else:
            releases = labels("ran_none")
        out.append(
            f"| [{title}]({slug}.md) | {len(current)} | {len(ran)} | {len(current - ran)} "
            f"| {releases} |"
        )
    out.append(
        f"| {labels('ran_total')} | {len(totals['now'])} | {len(totals['ran'])} "
        f"| {len(totals['now'] - totals['ran'])} | |"
    )
    return out


def pending_section(data: dict, language: str, now: list[dict] | None = None) -> list[str]:
    """The CPU snippets on the pages without a result from the other releases, by chapter
    (versions_merge.pending_snippets; sentences in text/<language>/versions.yml)."""
    from tools.generate import versions_merge

    words = catalogue("versions", language)
    now = chapters() if now is None else now
    hashes = versions_merge.snippets_now(now)
    pending = set(versions_merge.pending_snippets(data, hashes))
    out = ["", f"## {words('pending_title')} {{ #pending }}", ""]
    if not pending:
        return [*out, words("pending_none")]
    out += [words.count("pending_intro", len(pending)), ""]
    for page in now:
        here = [s for s in page["snippets"] if s in pending]
        if here:
            listed = words("list_separator").join(f"`{s}`" for s in here)
            title = _cell(page["title"][language])
            said = words("pending_chapter", title=title, page=page["page"], snippets=listed)
            out.append(f"- {said}")
    return out


def summary(data: dict, language: str) -> str:
    """The home page's paragraph on other releases (docs/generated/versions-summary.*.md),
    every number from the JSON and the pages as they are."""
    labels = words(language)
    run = [r for r in data["releases"] if not r.get("not_run")]
    numbers = sorted({short(r["release"]) for r in run}, key=lambda v: release_order(v)[0])
    ran = coverage(data, run)
    now = set().union(*(c[0] for c in ran.values()))
    everywhere = set().union(*(c[1] for c in ran.values()))
    others = [r for r in run if not r["pinned"]]
    failing = {p for r in others for p, c in r["differences"].items() if c["status"] == FAILS}
    differing = {p for r in others for p, c in r["differences"].items() if c["status"] == DIFFERS}
    matrix = {
        (c["row"], c["property"])
        for r in others
        for c in r.get("matrix", {}).get("differences", [])
    }
    atlas = {c["row"] for r in others for c in r.get("atlas", {}).get("differences", [])}
    text = labels(
        "summary_text",
        date=data["measured"],
        count=len(numbers),
        first=numbers[0],
        last=numbers[-1],
        ran=len(everywhere),
        now=len(now),
        fails=len(failing & everywhere),
        differs=len((differing - failing) & everywhere),
        matrix=len(matrix),
        atlas=len(atlas),
        atlas_rows=data.get("atlas", {}).get("rows", 0),
    )
    if now - everywhere:
        text += labels("summary_not_everywhere", count=len(now - everywhere))
    comment = labels("generated", command=data["command"])
    return comment + "\n\n" + text + "\n"


def _chapter_table(data: dict, run: list[dict], labels: Catalogue) -> list[str]:
    out = [
        "",
        f"## {labels('chapters_title')} {{ #chapters }}",
        "",
        labels("chapters_intro"),
        "",
        f"| {labels('chapter')} | " + " | ".join(f"`{r['release']}`" for r in run) + " |",
        "|---|" + "---|" * len(run),
    ]
    language = labels.language
    for page in data["chapters"]:
        cells = []
        for release in run:
            status = release["chapters"].get(page["page"], SAME)
            text = labels.section("status")(status)
            target = "what-ran" if status == PARTLY else anchor(page["page"])
            cells.append(f"[{text}](#{target})" if status != SAME else text)
        title = labels("chapter_title", title=_cell(page["title"][language]))
        out.append(f"| [{title}]({page['page']}.md) | " + " | ".join(cells) + " |")
    return out


def _differences(data: dict, run: list[dict], labels: Catalogue) -> list[str]:
    """One section per chapter that is not the same everywhere: outputs, failures, cells."""
    language = labels.language
    out = ["", f"## {labels('differences_title')} {{ #differences }}", ""]
    pinned = next(r for r in run if r["pinned"])
    shown = False
    for page in data["chapters"]:
        if all(release["chapters"].get(page["page"], SAME) == SAME for release in run):
            continue
        shown = True
        out += [f"### {_cell(page['title'][language])} {{ #{anchor(page['page'])} }}", ""]
        # (snippet, what the release printed, its warnings) -> the releases that printed it
        groups: dict[tuple[str, str, str], list[dict]] = {}
        failed = []
        for release in run:
            for snippet in page["snippets"]:
                found = release["differences"].get(snippet)
                if found and found["status"] == DIFFERS:
                    key = (snippet, found["release_output"], json.dumps(found.get("warnings")))
                    groups.setdefault(key, []).append(release)
                elif found and found["status"] == FAILS:
                    failed.append((release["release"], snippet, found["error"]))
        for (snippet, output, _), releases in groups.items():
            names = labels("list").join(f"`{r['release']}`" for r in releases)
            found = releases[0]["differences"][snippet]
            said = "printed_on" if output != found["pinned_output"] else "warned_on"
            out += [f"`{snippet}` {labels(said, releases=names)}", ""]
            if output != found["pinned_output"]:
                out += ['<div class="grid" markdown>', ""]
                out += _fence(f"torch {pinned['release']}", found["pinned_output"])
                out += [""]
                out += _fence(f"torch {releases[0]['release']}", output)
                out += ["", "</div>", ""]
            if found.get("warnings"):
                warned = found["warnings"]
                mine = labels("list").join(map(_code, warned["pinned"]))
                theirs = labels("list").join(map(_code, warned["release"]))
                said = (
                    "warnings" if mine and theirs else "warnings_new" if theirs else "warnings_gone"
                )
                out += [labels(said, pinned=mine, release=theirs), ""]
        if failed:
            head = labels.items("fails_columns")
            out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            out += [f"| `{r}` | `{s}` | {_code(e)} |" for r, s, e in failed]
            out.append("")
        for table in page["tables"]:
            changed = [f"`{r['release']}`" for r in run if _table_changed(r.get(table, {}))]
            if changed:
                said = labels.section("table_changed")(table, releases=labels("list").join(changed))
                out += [said, ""]
    if not shown:
        out += [labels("no_differences"), ""]
    return out


def _matrix(run: list[dict], labels: Catalogue) -> list[str]:
    """The matrix cells that differ, each once, with the releases where it has that value."""
    out = ["", f"## {labels('matrix_title')} {{ #matrix }}", ""]
    groups: dict[tuple, list[str]] = {}
    for release in run:
        matrix = release.get("matrix", {})
        if matrix.get("status") != "ok":
            error = _code(matrix.get("error", matrix.get("status", "?")))
            title = labels("matrix_name")
            out += [
                labels("table_error", table=title, release=release["release"], error=error),
                "",
            ]
            continue
        for cell in matrix["differences"]:
            key = (cell["row"], cell["property"], _code(cell["pinned"]), _code(cell["release"]))
            groups.setdefault(key, []).append(f"`{release['release']}`")
    if not groups:
        return [*out, labels("matrix_same")]
    head = labels.items("matrix_columns")
    out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (row, name, mine, theirs), releases in groups.items():
        shown = labels.section("properties").get(name, name)
        names = labels("list").join(releases)
        out.append(f"| {_row_link(row)} | {shown} | {mine} | {theirs} | {names} |")
    return out


def _atlas_words(language: str) -> Catalogue:
    """The atlas's own words for results, writes, schemas (text/<language>/atlas.yml)."""
    return catalogue("atlas", language)


def _atlas_value(cell: dict, which: str, words: Catalogue) -> str:
    """One side ("pinned" or "release") of a differing atlas cell, in the atlas's words."""
    value = cell[which]
    name = cell["property"]
    if name in ("result", "condition"):
        result = cell["results"][0 if which == "pinned" else 1]
        text = cell["text"][which]
        kind = words["kinds"].get(result, result)
        return _cell(f"{kind}{words['colon']}{text}" if text else kind)
    if name == "write":
        return _cell(words["writes"].get(value, "–") if value else "–")
    if name == "declared":
        return _cell(words["declared"].get(value, value) if value else words["no_schema"])
    if value is None:
        return _cell(words["no_inplace"])
    if value == "raised":
        return _cell(words["inplace_raised"])
    facts = []
    for fact, shown in words["inplace_facts"].items():
        if value.get(fact) is not None:
            if value[fact] == "sometimes":  # as the atlas says it: some calls, not all
                mark = words["sometimes"]
            else:
                mark = words["yes"] if value[fact] else words["no"]
            facts.append(shown.format(value=mark))
    return _cell(words["pair_separator"].join(facts))


def _atlas(data: dict, run: list[dict], labels: Catalogue) -> list[str]:
    """Per release: what its catalogue lacks or adds, and the atlas rows that differ."""
    language = labels.language
    words = _atlas_words(language)
    pinned = short(data["pinned"])
    summary = data.get("atlas", {})
    out = ["", f"## {labels('atlas_title')} {{ #atlas }}", ""]
    if summary.get("status") != "ok":
        return out  # a JSON from before the atlas ran with each release
    out += [labels("atlas_intro", pinned=pinned, rows=summary["rows"]), ""]
    head = labels.items("atlas_columns")
    out += ["| " + " | ".join(head) + " |", "|---|" + "--:|" * (len(head) - 1)]
    others = [r for r in run if not r["pinned"]]
    for release in others:
        atlas = release.get("atlas", {})
        name = f"`{release['release']}`"
        if atlas.get("status") != "ok":
            error = labels("atlas_error", error=_code(atlas.get("error", "?")))
            out.append(f"| {name} | {error} |" + " |" * (len(head) - 2))
            continue
        out.append(
            f"| {name} | {atlas['rows']} | {len(atlas['not_in_catalogue'])} "
            f"| {len(atlas['skipped_here'])} | {len(atlas['only_here'])} "
            f"| {len({c['row'] for c in atlas['differences']})} |"
        )
    groups: dict[tuple, list[str]] = {}
    for release in others:
        for cell in release.get("atlas", {}).get("differences", []):
            key = (
                cell["row"],
                cell["property"],
                _atlas_value(cell, "pinned", words),
                _atlas_value(cell, "release", words),
            )
            groups.setdefault(key, []).append(f"`{release['release']}`")
    out += ["", f"### {labels('atlas_rows_title')} {{ #atlas-rows }}", ""]
    if not groups:
        return [*out, labels("atlas_same", pinned=pinned)]
    out += [labels("atlas_rows_intro", pinned=pinned), ""]
    head = labels.items("atlas_rows_columns", pinned=pinned)
    out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    since = summary.get("first_as_pinned", {})
    anchors = _atlas_anchors()
    for (row, name, mine, theirs), releases in sorted(groups.items(), key=lambda g: g[0][:2]):
        first = since.get(f"{row}/{name}")
        first = f"`{first}`" if first else labels("atlas_not_before", pinned=pinned)
        link = f"[`{row}`](atlas.md#{anchors[row]})" if row in anchors else f"`{row}`"
        shown = labels.section("atlas_properties").get(name, name)
        out.append(
            f"| {link} | {shown} | {mine} | {theirs} | {labels('list').join(releases)} | {first} |"
        )
    out += ["", f"### {labels('atlas_lists_title')} {{ #atlas-catalogues }}", ""]
    for release in others:
        atlas = release.get("atlas", {})
        if atlas.get("status") != "ok":
            continue
        for key, label in (
            ("not_in_catalogue", "atlas_missing_list"),
            ("only_here", "atlas_only_list"),
        ):
            if atlas[key]:
                names = labels("list").join(f"`{n}`" for n in atlas[key])
                text = labels(
                    label, release=f"`{release['release']}`", count=len(atlas[key]), names=names
                )
                out += [f"- {text}"]
    return out


def _atlas_anchors() -> dict[str, str]:
    """Each operator the committed atlas page has a line for, with its anchor there."""
    path = GENERATED / "atlas.json"
    if not path.is_file():
        return {}
    rows = json.loads(path.read_text(encoding="utf-8"))["rows"]
    return {row["key"]: row["anchor"] for row in rows}


def _row_link(key: str) -> str:
    """flatten/leaf -> a link to the row's anchor on the matrix page (semantics.row_id)."""
    op, _, source = key.partition("/")
    return f"[`{key}`](semantics.md#{op.rstrip('_').replace('_', '-')}-{source})"


def outputs(data: dict) -> dict[Path, str]:
    found = {JSON_PATH: to_json(data)}
    for language in LANGUAGES:
        found[GENERATED / f"versions.{language}.md"] = render(data, language)
        found[GENERATED / f"versions-summary.{language}.md"] = summary(data, language)
    return found


def committed() -> dict:
    return json.loads(JSON_PATH.read_text(encoding="utf-8"))


def main() -> int:
    """Render the page again from the committed JSON (no torch, nothing measured): after a
    snippet is added or a page renamed, the counts of what ran, the pending list and the titles
    change. The JSON itself drops what no page holds any more (versions_merge.merge with no new
    results)."""
    from tools.generate import versions_merge

    data = committed()
    data = versions_merge.merge(data, {}, data["pinned"])
    for path, text in outputs(data).items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: rewritten")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
