"""The Versions page (make versions): rendered from its JSON, and the logic behind it."""

from __future__ import annotations

import copy
import json
import re

import pytest

from tools import project
from tools.generate import versions_merge, versions_page
from tools.generate.versions_page import (
    DIFFERS,
    FAILS,
    SAME,
    chapter_status,
    compare_output,
    compare_rows,
    compare_snippet,
)
from tools.project import ROOT
from tools.site.versions_line import inject, versions_line


@pytest.mark.parametrize("language", versions_page.LANGUAGES)
def test_page_is_rendered_from_the_committed_json(language):
    page = versions_page.GENERATED / f"versions.{language}.md"
    assert page.read_text(encoding="utf-8") == versions_page.render(
        versions_page.committed(), language
    ), (
        "docs/generated/versions.*.md is stale: run `python -m tools.generate.versions_page` "
        "(renders from the committed JSON; `make versions` measures again)"
    )


def test_the_pinned_release_is_in_the_json():
    pinned = re.search(r"^torch==(\S+)", (ROOT / "requirements.txt").read_text(), re.M)[1]
    releases = versions_page.committed()["releases"]
    found = [r for r in releases if r["pinned"]]
    assert len(found) == 1, "exactly one release is the pinned one"
    assert found[0]["release"].split("+")[0] == pinned.split("+")[0]
    assert not found[0].get("not_run") and found[0]["build"] == "cpu"


def test_the_pages_include_the_generated_markdown():
    for language, page in (("en", "versions.md"), ("zh", "versions.zh.md")):
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        assert f'--8<-- "docs/generated/versions.{language}.md"' in text


# -- comparing ----------------------------------------------------------------------------------


def test_the_same_output_is_same():
    assert compare_output("a: 1\n", "2.13.0+cpu", "a: 1\n", "2.4.1+cu121") == {"status": SAME}


def test_a_release_printing_its_own_version_is_same():
    found = compare_output("torch 2.13.0\n", "2.13.0+cpu", "torch 2.4.1\n", "2.4.1+cu121")
    assert found == {"status": SAME}


def test_another_output_differs_with_a_diff():
    found = compare_output("a: 1\nb: 2\n", "2.13.0+cpu", "a: 1\nb: 3\n", "2.4.1+cu121")
    assert found["status"] == DIFFERS
    assert "-b: 2\n+b: 3\n" in found["diff"]
    assert found["diff"].startswith("--- torch 2.13.0\n+++ torch 2.4.1\n")


def test_a_snippet_that_dies_fails_and_a_new_warning_differs():
    ok = {"status": "ok", "stdout": "x\n", "stderr": ""}
    died = {"status": "error", "stdout": "", "error": "RuntimeError: boom"}
    assert compare_snippet(ok, "2.13.0", died, "2.4.1") == {
        "status": FAILS,
        "error": "RuntimeError: boom",
    }
    warned = {**ok, "stderr": "/venv/torch/x.py:3: FutureWarning: old spelling\n  call()\n"}
    found = compare_snippet(ok, "2.13.0", warned, "2.4.1")
    assert found["status"] == DIFFERS
    assert found["warnings"] == {"pinned": [], "release": ["FutureWarning: old spelling"]}
    assert compare_snippet(ok, "2.13.0", dict(ok), "2.4.1") == {"status": SAME}


def test_matrix_rows_compare_cell_by_cell():
    rows = [{"op": "clone", "source": "leaf", "code": "b = a.clone()", "grad_fn": "CloneBackward0"}]
    assert compare_rows(rows, [dict(rows[0])]) == []
    changed = [{**rows[0], "grad_fn": "Other"}]
    assert compare_rows(rows, changed) == [
        {
            "row": "clone/leaf",
            "code": "b = a.clone()",
            "property": "grad_fn",
            "pinned": "CloneBackward0",
            "release": "Other",
        }
    ]


def test_a_chapter_is_as_bad_as_its_worst_snippet():
    page = {"page": "clone", "snippets": ["s/a.py", "s/b.py"], "tables": ["matrix"]}
    same = {"differences": {}, "matrix": {"status": "ok", "differences": []}}
    assert chapter_status(page, same) == SAME
    one = {**same, "differences": {"s/b.py": {"status": DIFFERS}}}
    assert chapter_status(page, one) == DIFFERS
    worse = {**same, "differences": {"s/a.py": {"status": FAILS}, "s/b.py": {"status": DIFFERS}}}
    assert chapter_status(page, worse) == FAILS
    cells = {**same, "matrix": {"status": "ok", "differences": [{"row": "x"}]}}
    assert chapter_status(page, cells) == DIFFERS


# -- the line under each chapter's title (tools/site/versions_line.py) --------------------------

SMALL = {
    "measured": "2026-11-30",
    "chapters": [{"page": "clone"}, {"page": "detach"}, {"page": "index"}],
    "releases": [
        {"release": "2.4.1", "build": "cuda", "chapters": {"clone": DIFFERS, "detach": SAME}},
        {"release": "2.5.0", "not_run": "pip install failed"},
        {"release": "2.13.0", "build": "cuda", "chapters": {"clone": FAILS, "detach": SAME}},
        {"release": "2.13.0+cpu", "build": "cpu", "pinned": True, "chapters": {}},
        {"release": "2.15.0", "build": "cuda", "chapters": {"clone": SAME, "detach": SAME}},
        {"release": "2.16.0", "build": "cuda", "chapters": {"clone": DIFFERS, "detach": SAME}},
        {"release": "2.17.0", "build": "cuda", "chapters": {"clone": DIFFERS, "detach": SAME}},
        {"release": "2.18.0", "build": "cuda", "chapters": {"clone": DIFFERS, "detach": SAME}},
    ],
}
PAGE = (
    "# `clone()`: new memory { #clone }\n\nThe opening paragraph.\n\n**The rule.**\n\n"
    "## First section { #first }\n\nText.\n"
)


def test_the_line_names_the_releases_and_links_to_the_differences():
    line = versions_line(SMALL, "clone", "en", "clone.md")
    assert line == (
        "Checked with torch 2.4.1 to 2.18.0 (6 releases, 2026-11-30): outputs differ with "
        "2.4.1, 2.16.0 to 2.18.0; "
        "snippets fail with 2.13.0 (CUDA wheel); "
        "see [the differences](versions.md#versions-clone)."
    )
    assert versions_line(SMALL, "detach", "en", "detach.md").startswith(
        "Checked with torch 2.4.1 to 2.18.0 (6 releases, 2026-11-30): every snippet here"
    )
    assert versions_line(SMALL, "index", "en", "index.md") is None
    assert versions_line(SMALL, "unknown", "en", "unknown.md") is None


def test_the_line_is_in_the_pages_language():
    line = versions_line(SMALL, "clone", "zh", "clone.md")
    assert line == (
        "已用 torch 2.4.1 至 2.18.0（6 个版本，2026-11-30）核对："
        "在 2.4.1、2.16.0 至 2.18.0 上输出不同；"
        "在 CUDA wheel 版 2.13.0 上有代码片段运行失败，"
        "差异见[《各 torch 版本》](versions.md#versions-clone)。"
    )


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_line_goes_folded_after_the_opening_before_the_first_section(language):
    line = versions_line(SMALL, "clone", language, "clone.md")
    lines = inject(PAGE, line, language).split("\n")
    title = {"en": "Other torch releases", "zh": "其他 torch 版本"}[language]
    assert lines[:6] == PAGE.split("\n")[:6]  # the title and the opening, untouched
    assert lines[6:10] == [f'??? info "{title}"', "", f"    {line}", ""]
    assert lines[10] == "## First section { #first }"
    assert inject("No title here.\n", line) == "No title here.\n"
    assert inject("# Title\n\nText.\n", line, language).endswith(f"\n\n    {line}\n")


def test_snippets_without_a_result_are_counted_and_a_page_of_them_only_says_so():
    data = {**SMALL, "snippet_hashes": {"snippets/clone/a.py": "1"}}
    data["chapters"] = [{"page": "clone", "snippets": ["snippets/clone/a.py"]}]
    same = versions_line(data, "clone", "en", "clone.md", ["snippets/clone/a.py"],
                         {"snippets/clone/a.py": "1"})  # fmt: skip
    assert "Not yet run" not in same
    now = {"snippets/clone/a.py": "1", "snippets/clone/new.py": "2"}
    added = versions_line(data, "clone", "en", "clone.md", list(now), now)
    assert added.endswith(
        ". Not yet run with other releases: 1 of its snippets ([the list](versions.md#pending))."
    )
    assert added.startswith("Checked with torch 2.4.1 to 2.18.0")
    new_page = versions_line(data, "models", "zh", "models.md", ["snippets/models/x.py"], {})
    assert new_page.startswith("尚未用其他 torch 版本核对")
    assert new_page.endswith("见[待运行列表](versions.md#pending)。")
    edited = versions_line(data, "clone", "en", "clone.md", ["snippets/clone/a.py"],
                           {"snippets/clone/a.py": "edited"})  # fmt: skip
    assert edited.startswith("Not yet run with other torch releases: this page's snippets")
    assert versions_line(data, "models", "en", "models.md", [], {}) is None


# -- what ran (issue 19: the page never claims more runs than the JSON holds) -------------------

RAN = {
    "chapters": [
        {"page": "clone", "title": {"en": "Clone", "zh": "克隆"}, "snippets": ["s/a.py", "s/b.py"]},
        {"page": "gone", "title": {"en": "Gone", "zh": "已删"}, "snippets": ["s/old.py"]},
    ],
}
NOW = [
    {"page": "clone", "title": {"en": "Clone", "zh": "克隆"}, "snippets": ["s/a.py", "s/c.py"]},
    {"page": "models", "title": {"en": "Models", "zh": "模型"}, "snippets": ["s/m.py", "s/n.py"]},
]


def _ran(language, runs):
    labels = versions_page.words(language)
    return versions_page._what_ran(RAN, runs, labels, NOW)


def test_what_ran_counts_only_snippets_the_run_listed_and_the_pages_still_show():
    rows = [line for line in _ran("en", [{"release": "2.4.1", "snippets_run": 3}]) if "|" in line]
    # s/b.py left the page, s/c.py is new: no build ran all of the chapter's snippets
    assert rows[2] == "| [Clone](clone.md) | 2 | 1 | 1 | none |"
    assert rows[3] == "| [Models](models.md) | 2 | 0 | 2 | none |"  # a page the run never saw
    assert rows[4] == "| All pages | 4 | 1 | 3 | |"
    assert len(rows) == 5, "a page that no longer has snippets gets no row"


def test_what_ran_says_when_the_builds_ran_different_snippets():
    same = "\n".join(_ran("en", [{"release": "2.4.1", "snippets_run": 3}]))
    assert "Each of the 1 builds ran the same 3 snippets" in same
    differs = "\n".join(
        _ran(
            "zh", [{"release": "2.4.1", "snippets_run": 3}, {"release": "2.5.1", "snippets_run": 2}]
        )
    )
    assert "各构建运行的代码片段并不相同（`2.4.1`：3 个、`2.5.1`：2 个）" in differs
    # a pending snippet on a page (in the chapters, without a hash) is not a build's miss
    pending = {**RAN, "snippet_hashes": {"s/a.py": "1", "s/b.py": "2", "s/old.py": "3"}}
    pending["chapters"] = [{**RAN["chapters"][0], "snippets": ["s/a.py", "s/b.py", "s/new.py"]},
                           RAN["chapters"][1]]  # fmt: skip
    labels = versions_page.words("en")
    said = "\n".join(versions_page._what_ran(pending, [{"release": "2.4.1", "snippets_run": 3}],
                                             labels, NOW))  # fmt: skip
    assert "Each of the 1 builds ran the same 3 snippets" in said


def test_the_committed_page_counts_what_ran():
    data = versions_page.committed()
    listed = {s for page in data["chapters"] for s in page["snippets"]}
    text = (versions_page.GENERATED / "versions.en.md").read_text(encoding="utf-8")
    total = re.search(r"^\| All pages \| (\d+) \| (\d+) \| (\d+) \| \|$", text, re.M)
    now, ran, added = map(int, total.groups())
    assert ran <= len(listed) and now == ran + added
    measured = set(data["snippet_hashes"])
    for release in (r for r in data["releases"] if not r.get("not_run")):
        assert release["snippets_run"] == len(measured - set(release["not_run_snippets"]))


def test_the_chinese_tables_are_chinese():
    text = (versions_page.GENERATED / "versions.zh.md").read_text(encoding="utf-8")
    assert "| warning |" not in text and "| 警告 |" in text
    assert "为 无" not in text and "固定版本为" not in text
    assert "`, `" not in text, "a list of releases in Chinese prose uses 、"
    assert "(固定版本)" not in text and "（固定版本）" in text
    assert "运算符图谱" not in text


def test_what_ran_counts_a_snippet_by_the_content_it_ran_with():
    """A snippet edited after the run, or one a release missed, does not count as run."""
    data = {**RAN, "snippet_hashes": {"s/a.py": "aaa", "s/b.py": "bbb"}}
    now = [
        {"page": "clone", "title": {"en": "Clone", "zh": "克隆"}, "snippets": ["s/a.py", "s/b.py"]}
    ]
    labels = versions_page.words("en")
    runs = [
        {"release": "2.4.1", "snippets_run": 2, "not_run_snippets": []},
        {"release": "2.5.1", "snippets_run": 2, "not_run_snippets": []},
    ]
    as_run = {"s/a.py": "aaa", "s/b.py": "bbb"}
    rows = [r for r in versions_page._what_ran(data, runs, labels, now, as_run) if "|" in r]
    assert rows[2] == "| [Clone](clone.md) | 2 | 2 | 0 | all 2 |"
    edited = {"s/a.py": "aaa", "s/b.py": "changed"}
    rows = [r for r in versions_page._what_ran(data, runs, labels, now, edited) if "|" in r]
    assert rows[2] == "| [Clone](clone.md) | 2 | 1 | 1 | none |"
    runs[1]["not_run_snippets"] = ["s/a.py"]
    rows = [r for r in versions_page._what_ran(data, runs, labels, now, as_run) if "|" in r]
    assert rows[2] == "| [Clone](clone.md) | 2 | 1 | 1 | `2.4.1` |"


def test_build_compares_only_snippets_run_as_the_pinned_one_ran_them(monkeypatch):
    page = {"page": "clone", "title": {"en": "C", "zh": "C"}, "snippets": ["s/a.py", "s/b.py"],
            "tables": []}  # fmt: skip
    monkeypatch.setattr(versions_page, "chapters", lambda: [page])
    ok = {"status": "ok", "stdout": "x\n", "stderr": ""}
    table = {"status": "ok", "rows": []}
    pinned = {"torch": "2.13.0+cpu", "cuda": None, "python": "3.11", "numpy": "2",
              "snippets": {"s/a.py": ok, "s/b.py": ok}, "matrix": table,
              "snippet_hashes": {"s/a.py": "1", "s/b.py": "2"}, "measured": "d"}  # fmt: skip
    other = {**pinned, "torch": "2.4.1", "cuda": "12.1",
             "snippets": {"s/a.py": ok, "s/b.py": {**ok, "stdout": "y\n"}},
             "snippet_hashes": {"s/a.py": "1", "s/b.py": "old"}}  # fmt: skip
    data = versions_page.build({"2.13.0+cpu": pinned, "2.4.1": other}, "2.13.0+cpu", "i")
    release = next(r for r in data["releases"] if r["release"] == "2.4.1")
    assert release["snippets_run"] == 1 and release["not_run_snippets"] == ["s/b.py"]
    assert release["differences"] == {}, "b.py ran in another version of the file: not compared"
    assert release["chapters"] == {"clone": versions_page.PARTLY}
    assert data["snippet_hashes"] == {"s/a.py": "1", "s/b.py": "2"}


# -- the atlas across releases ------------------------------------------------------------------


def _atlas_row(result="new", condition=None, **more):
    return {"result": result, "condition": condition, "write": None, "inplace": None,
            "declared": "none", "text": {"en": "", "zh": ""}, **more}  # fmt: skip


def test_atlas_rows_compare_by_operator_and_catalogue():
    pinned = {"status": "ok", "skipped": {}, "rows": {
        "abs": _atlas_row(), "view": _atlas_row("shares"), "new_op": _atlas_row(),
        "flaky": _atlas_row()}}  # fmt: skip
    other = {"status": "ok", "skipped": {"flaky": "timed out after 20 s"}, "rows": {
        "abs": _atlas_row(), "view": _atlas_row("conditional", {"when": [], "otherwise": "new"}),
        "old_op": _atlas_row()}}  # fmt: skip
    found = versions_page.compare_atlas(pinned, other)
    assert found["not_in_catalogue"] == ["new_op"] and found["skipped_here"] == ["flaky"]
    assert found["only_here"] == ["old_op"] and found["rows"] == 3
    assert [(c["row"], c["property"]) for c in found["differences"]] == [
        ("view", "result"),
        ("view", "condition"),
    ]
    broken = versions_page.compare_atlas(pinned, {"status": "error", "error": "ImportError: x"})
    assert broken == {"status": "error", "error": "ImportError: x"}


def test_the_first_release_that_behaves_as_the_pinned_one():
    def release(name, *cells, missing=()):
        differences = [{"row": r, "property": p} for r, p in cells]
        atlas = {"status": "ok", "differences": differences, "not_in_catalogue": list(missing),
                 "skipped_here": []}  # fmt: skip
        return {"release": name, "atlas": atlas}

    releases = [
        release("2.0.1", ("view", "result"), ("abs", "write")),
        release("2.1.2", ("view", "result"), missing=["abs"]),
        release("2.2.2"),
        release("2.3.1", ("late", "result")),
        {"release": "2.13.0+cpu", "pinned": True, "atlas": {"status": "ok"}},
        release("2.15.0", ("after", "result")),
    ]
    since = versions_page.first_as_pinned(releases, "2.13.0+cpu")
    assert since["view/result"] == "2.2.2"
    assert since["abs/write"] == "2.2.2", "a release whose catalogue lacks it does not count"
    assert since["late/result"] is None, "the last release before the pinned one differs"
    assert since["after/result"] == "2.0.1", "releases after the pinned one are not counted"


# -- the line: edited snippets and chapters partly run ------------------------------------------


def test_the_line_counts_snippets_edited_after_the_run():
    data = {**SMALL, "snippet_hashes": {"snippets/clone/a.py": "1", "snippets/clone/b.py": "2"}}
    data["chapters"] = [
        {"page": "clone", "snippets": ["snippets/clone/a.py", "snippets/clone/b.py"]}
    ]
    current = ["snippets/clone/a.py", "snippets/clone/b.py"]
    as_run = {"snippets/clone/a.py": "1", "snippets/clone/b.py": "2"}
    same = versions_line(data, "clone", "en", "clone.md", current, as_run)
    assert "Not yet run" not in same
    changed = {**as_run, "snippets/clone/b.py": "X"}
    edited = versions_line(data, "clone", "zh", "clone.md", current, changed)
    assert edited.endswith(
        "差异见[《各 torch 版本》](versions.md#versions-clone)。"
        "本页有 1 个代码片段尚未用其他版本运行，见[待运行列表](versions.md#pending)。"
    )


def test_a_chapter_partly_run_says_so():
    data = {**SMALL, "releases": [
        {"release": "2.4.1", "build": "cuda", "chapters": {"clone": versions_page.PARTLY}},
        {"release": "2.13.0+cpu", "build": "cpu", "pinned": True, "chapters": {}}]}  # fmt: skip
    line = versions_line(data, "clone", "en", "clone.md")
    assert "not every snippet ran with 2.4.1" in line


# -- freshness: the pending list is exactly what has no result; the data names only what is there --


def unmeasured(data: dict) -> list[str]:
    """The CPU snippets on the pages that the versions run has no result for, as they are now
    (worked out here from the files, not with the renderer's code)."""
    recorded = data.get("snippet_hashes", {})
    return sorted(
        s
        for page in versions_page.chapters()
        for s in page["snippets"]
        if recorded.get(s) != project.snippet_hash(s)
    )


def listed_as_pending(page_text: str) -> list[str]:
    """The snippets the versions page lists under its heading { #pending }."""
    section = page_text.split("{ #pending }", 1)[1].split("\n## ", 1)[0]
    return sorted(re.findall(r"`(snippets/[^`]+\.py)`", section))


@pytest.mark.parametrize("language", versions_page.LANGUAGES)
def test_the_pending_list_is_exactly_the_snippets_without_a_result(language):
    page = (versions_page.GENERATED / f"versions.{language}.md").read_text(encoding="utf-8")
    assert listed_as_pending(page) == unmeasured(versions_page.committed()), (
        f"docs/generated/versions.{language}.md does not list the snippets without a result "
        "from the other releases: run `make outputs` (or `python -m tools.generate.versions_page`)"
    )


def test_the_data_names_no_snippet_that_no_page_holds():
    now = versions_merge.snippets_now()
    unknown = versions_merge.unknown_snippets(versions_page.committed(), now)
    assert not unknown, (
        f"docs/generated/versions.json names snippets no page holds: {unknown[:5]}: run "
        "`make outputs` (or `python -m tools.generate.versions_page`), which drops them"
    )


def test_the_freshness_checks_fail_when_the_list_or_the_data_is_wrong():
    data = versions_page.committed()
    one = next(s for page in versions_page.chapters() for s in page["snippets"])
    less = {**data, "snippet_hashes": {k: v for k, v in data["snippet_hashes"].items() if k != one}}
    assert one in unmeasured(less)
    page = versions_page.render(data, "en")
    assert listed_as_pending(page) != unmeasured(less), "a snippet left off the list is caught"
    assert listed_as_pending(versions_page.render(less, "en")) == unmeasured(less)
    more = {**data, "snippet_hashes": {**data["snippet_hashes"], "snippets/gone/old.py": "1"}}
    now = versions_merge.snippets_now()
    assert versions_merge.unknown_snippets(more, now) == ["snippets/gone/old.py"]
    pruned = versions_merge.merge(more, {}, data["pinned"])
    assert versions_merge.unknown_snippets(pruned, now) == []


def test_the_committed_json_is_what_the_merge_gives():
    """Nothing pending is merged into the data differently from how it was built: merging no new
    result into the committed JSON gives it back (make outputs writes this)."""
    data = versions_page.committed()
    assert versions_merge.merge(data, {}, data["pinned"]) == data, (
        "docs/generated/versions.json is stale: run `python -m tools.generate.versions_page`"
    )


# -- what a versions run measures, and how its results join the data (fixtures, no torch) -------

PAGES = [
    {"page": "clone", "title": {"en": "C", "zh": "C"}, "snippets": ["s/a.py", "s/b.py"],
     "tables": []},
    {"page": "semantics", "title": {"en": "M", "zh": "M"}, "snippets": ["s/m.py"],
     "tables": ["matrix"]},
]  # fmt: skip
HASHES = {"s/a.py": "ha", "s/b.py": "hb", "s/m.py": "hm"}
TABLES = {"matrix": "tm", "atlas": "tt"}
PINNED = "2.13.0+cpu"


def _full(release, outputs, hashes=HASHES, tables=TABLES, only=None, matrix="x"):
    """A release's result as versions.measure_release writes it (only: the snippets measured)."""
    names = only if only is not None else list(hashes)
    snippets = {s: {"status": "ok", "stdout": outputs.get(s, f"{s}\n"), "stderr": "",
                    "error": None} for s in names}  # fmt: skip
    row = {"op": "clone", "source": "leaf", "grad_fn": matrix}
    return {
        "release": release, "pinned": release == PINNED, "torch": release,
        "cuda": None if release == PINNED else "12.1", "python": "3.11", "numpy": "2",
        "snippets": snippets, "snippet_hashes": {s: hashes[s] for s in names},
        "matrix": {"status": "ok", "rows": [row]},
        "atlas": {"status": "error", "error": "ImportError: no op_db"},
        "table_hashes": dict(tables), "measured": "2026-12-01", "seconds": 10.0,
    }  # fmt: skip


def _merge(data, measured, now=HASHES, tables=TABLES):
    return versions_merge.merge(data, measured, PINNED, PAGES, now, tables)


def test_a_partial_run_merged_gives_what_a_whole_run_gives():
    whole = {PINNED: _full(PINNED, {}), "2.4.1": _full("2.4.1", {"s/b.py": "other\n"})}
    first = _merge(None, whole)
    assert first["releases"][0]["differences"]["s/b.py"]["status"] == DIFFERS
    assert versions_merge.pending_snippets(first, HASHES) == []
    # s/c.py is added and s/a.py edited: both pending; the run measures them only
    now = {**HASHES, "s/a.py": "ha2", "s/c.py": "hc"}
    pages = [{**PAGES[0], "snippets": ["s/a.py", "s/b.py", "s/c.py"]}, PAGES[1]]
    pruned = versions_merge.merge(first, {}, PINNED, pages, now, TABLES)
    assert versions_merge.pending_snippets(pruned, now) == ["s/a.py", "s/c.py"]
    assert pruned["releases"][0]["not_run_snippets"] == ["s/a.py", "s/c.py"]
    assert "s/a.py" not in pruned["snippet_hashes"], "its result was for another content"
    jobs = versions_merge.plan(pruned, ["2.4.1"], PINNED, now, TABLES)
    assert jobs == {PINNED: {"snippets": ["s/a.py", "s/c.py"], "tables": []},
                    "2.4.1": {"snippets": ["s/a.py", "s/c.py"], "tables": []}}  # fmt: skip
    part = {
        r: _full(r, {"s/c.py": "c old\n" if r == "2.4.1" else "c\n"}, now, only=jobs[r]["snippets"])
        for r in jobs
    }  # fmt: skip
    merged = versions_merge.merge(pruned, part, PINNED, pages, now, TABLES)
    every = {r: _full(r, {"s/b.py": "other\n", "s/c.py": "c old\n"} if r == "2.4.1"
                      else {"s/c.py": "c\n"}, now) for r in (PINNED, "2.4.1")}  # fmt: skip
    assert merged == versions_merge.merge(None, every, PINNED, pages, now, TABLES)
    assert sorted(merged["releases"][0]["differences"]) == ["s/b.py", "s/c.py"]
    assert versions_merge.pending_snippets(merged, now) == []


def test_the_merge_builds_what_versions_page_build_builds(monkeypatch):
    monkeypatch.setattr(versions_page, "chapters", lambda: PAGES)
    monkeypatch.setattr(versions_merge, "table_hashes", lambda: TABLES)
    whole = {PINNED: _full(PINNED, {}), "2.4.1": _full("2.4.1", {"s/b.py": "other\n"}, matrix="y")}
    built = versions_page.build(whole, PINNED, "inputs")
    merged = _merge(None, whole)
    assert {k: v for k, v in built.items() if k != "inputs"} == {
        k: v for k, v in merged.items() if k != "table_hashes"
    }


def test_what_a_run_measures():
    data = _merge(None, {PINNED: _full(PINNED, {}), "2.4.1": _full("2.4.1", {})})
    assert versions_merge.plan(data, ["2.4.1"], PINNED, HASHES, TABLES) == {}, "nothing new"
    every = {"snippets": sorted(HASHES), "tables": ["matrix", "atlas"]}
    assert versions_merge.plan(data, ["2.4.1"], PINNED, HASHES, TABLES, force=True) == {
        PINNED: every, "2.4.1": every}  # fmt: skip
    # a release the data does not have: everything, with it and with the pinned torch
    assert versions_merge.plan(data, ["2.4.1", "2.16.0"], PINNED, HASHES, TABLES) == {
        PINNED: every, "2.16.0": every}  # fmt: skip
    # the matrix code changed: the matrix with every release, no snippet
    changed = {**TABLES, "matrix": "new"}
    matrix = {"snippets": [], "tables": ["matrix"]}
    assert versions_merge.plan(data, ["2.4.1"], PINNED, HASHES, changed) == {
        PINNED: matrix, "2.4.1": matrix}  # fmt: skip
    # a snippet edited since: with every release
    edited = {**HASHES, "s/b.py": "hb2"}
    assert versions_merge.pending_snippets(data, edited) == ["s/b.py"]
    b = {"snippets": ["s/b.py"], "tables": []}
    assert versions_merge.plan(data, ["2.4.1"], PINNED, edited, TABLES) == {PINNED: b, "2.4.1": b}
    # a snippet one release missed: with that release (and the pinned torch) only
    missed = copy.deepcopy(data)
    missed["releases"][0]["not_run_snippets"] = ["s/b.py"]
    one = {"snippets": ["s/b.py"], "tables": []}
    assert versions_merge.plan(missed, ["2.4.1"], PINNED, HASHES, TABLES) == {
        PINNED: one, "2.4.1": one}  # fmt: skip


def test_a_table_whose_code_changed_is_pending_until_measured_again():
    data = _merge(None, {PINNED: _full(PINNED, {}), "2.4.1": _full("2.4.1", {})})
    changed = {**TABLES, "matrix": "new"}
    only_pinned = {PINNED: _full(PINNED, {}, tables=changed, only=[])}
    merged = _merge(data, only_pinned, tables=changed)
    release = merged["releases"][0]
    assert release["matrix"] == {"status": "pending"}
    assert release["chapters"]["semantics"] == versions_page.PARTLY
    alone = {"2.4.1": _full("2.4.1", {}, tables=changed, only=[])}
    again = _merge(merged, alone, tables=changed)
    assert again["releases"][0]["matrix"] == {"status": "pending"}, "no pinned one to compare"
    both = {**only_pinned, **alone}
    again = _merge(merged, both, tables=changed)
    assert again["releases"][0]["matrix"]["status"] == "ok"
    assert again["releases"][0]["chapters"]["semantics"] == SAME


# -- make versions for what changed: a local run and the workflow's merge, with a fake store ----


@pytest.fixture
def fake_run(tmp_path, monkeypatch):
    """versions.main with the committed JSON copied to tmp_path/generated, the pages as they are
    plus one new snippet in the clone chapter, three releases and a fake measurement: it records
    what each release was asked and returns made-up outputs (no torch release is installed)."""
    import torch

    from tools.generate import versions

    new = tmp_path / "new_snippet.py"
    new.write_text('print("new")\n')
    pages = versions_page.chapters()
    for page in pages:
        if page["page"] == "clone":
            page["snippets"].append(str(new))
    monkeypatch.setattr(versions_page, "chapters", lambda: copy.deepcopy(pages))
    generated = tmp_path / "generated"
    generated.mkdir()
    monkeypatch.setattr(versions_page, "GENERATED", generated)
    monkeypatch.setattr(versions_page, "JSON_PATH", generated / "versions.json")
    (generated / "versions.json").write_bytes((ROOT / "docs/generated/versions.json").read_bytes())
    monkeypatch.setattr(versions, "RESULTS", tmp_path / "results")
    monkeypatch.setattr(versions, "listed_releases", lambda: ["2.4.1", "2.15.0"])
    calls = []

    def measure(release, pinned, job, now, tables, fail_on=None):
        calls.append((release, job["snippets"], job["tables"]))
        if release == fake.fail_on:
            raise KeyboardInterrupt  # the run is stopped part way
        found = {
            "release": release, "pinned": pinned, "torch": release, "python": "3.11.7",
            "cuda": None if pinned else "12.1", "numpy": "2", "measured": "2026-12-03",
            "seconds": 1.0, "complete": True,
            "snippets": {s: {"status": "ok", "stdout": "?\n" if s != str(new) else
                             "new\n" if pinned else "newer\n",
                             "stderr": "", "error": None} for s in job["snippets"]},
            "snippet_hashes": {s: now[s] for s in job["snippets"]},
            "table_hashes": {t: tables[t] for t in job["tables"]},
            **{t: {"status": "error", "error": "fake"} for t in job["tables"]},
        }  # fmt: skip
        versions.RESULTS.mkdir(exist_ok=True)
        versions.result_path(release).write_text(json.dumps(found))
        return found

    fake = type("Fake", (), {})()
    fake.calls, fake.new, fake.fail_on = calls, str(new), None
    fake.pinned, fake.generated, fake.versions = torch.__version__, generated, versions
    monkeypatch.setattr(versions, "measure_release", measure)
    return fake


def test_a_rerun_measures_only_the_new_snippet_and_lists_nothing_pending(fake_run):
    versions = fake_run.versions
    committed = json.loads((fake_run.generated / "versions.json").read_text())
    pending = versions_merge.pending_snippets(committed, versions_merge.snippets_now())
    assert fake_run.new in pending  # with those a contributor's checkout has pending too
    assert versions.main(["--list"]) == 0
    assert versions.main([]) == 0
    asked = {release: (snippets, tables) for release, snippets, tables in fake_run.calls}
    assert asked == {r: (pending, []) for r in (fake_run.pinned, "2.4.1", "2.15.0", "2.13.0")}
    data = json.loads((fake_run.generated / "versions.json").read_text())
    assert fake_run.new in data["snippet_hashes"]
    assert versions_merge.pending_snippets(data, versions_merge.snippets_now()) == []
    release = next(r for r in data["releases"] if r["release"] == "2.4.1")
    assert release["differences"][fake_run.new]["release_output"] == "newer\n"
    other = next(r for r in data["releases"] if r["release"] == "2.0.1")
    assert fake_run.new in other["not_run_snippets"], "a release not in this run did not run it"
    fake_run.calls.clear()
    assert versions.main([]) == 0
    assert fake_run.calls == [], "nothing new: nothing measured"


def test_a_stopped_run_resumes_with_what_it_measured(fake_run):
    versions = fake_run.versions
    fake_run.fail_on = "2.15.0"
    with pytest.raises(KeyboardInterrupt):
        versions.main([])
    first = [release for release, _, _ in fake_run.calls]
    fake_run.calls.clear()
    fake_run.fail_on = None
    assert versions.main([]) == 0
    again = [release for release, _, _ in fake_run.calls]
    assert first[-1] == "2.15.0" and again == [
        "2.15.0",
        *[r for r in ("2.13.0",) if r not in first],
    ]


def test_force_measures_everything_with_every_release(fake_run):
    versions = fake_run.versions
    assert versions.main(["--force"]) == 0
    every = sorted(versions_merge.snippets_now())
    for _, snippets, tables in fake_run.calls:
        assert snippets == every and tables == ["matrix", "atlas"]
    assert len(fake_run.calls) == 4
    data = json.loads((fake_run.generated / "versions.json").read_text())
    assert [r["release"] for r in data["releases"]] == ["2.4.1", "2.13.0", fake_run.pinned,
                                                        "2.15.0"]  # fmt: skip


def test_merge_writes_the_bytes_a_local_run_writes(fake_run, tmp_path, monkeypatch):
    versions = fake_run.versions
    committed = (fake_run.generated / "versions.json").read_bytes()
    assert versions.main([]) == 0
    local = {p.name: p.read_bytes() for p in sorted(fake_run.generated.iterdir())}
    (fake_run.generated / "versions.json").write_bytes(committed)
    assert versions.main(["--merge", str(versions.RESULTS)]) == 0
    merged = {p.name: p.read_bytes() for p in sorted(fake_run.generated.iterdir())}
    assert merged == local


def test_a_release_environment_is_installed_once_and_kept(tmp_path, monkeypatch):
    from tools.generate import versions

    monkeypatch.setattr(versions, "CACHE", tmp_path)
    installed = []

    def install(release, venv, wanted):
        installed.append(release)
        (venv / "bin").mkdir(parents=True, exist_ok=True)
        (venv / "bin" / "python").write_text("")

    monkeypatch.setattr(versions, "install", install)
    monkeypatch.setattr(versions, "requirements", lambda release: [f"torch=={release}"])
    assert versions.environment("2.4.1") == tmp_path / "venvs" / "2.4.1" / "bin" / "python"
    versions.environment("2.4.1")
    assert installed == ["2.4.1"], "the second run reuses the venv"
    monkeypatch.setattr(versions, "requirements", lambda release: ["torch==" + release, "x==1"])
    versions.environment("2.4.1")
    assert installed == ["2.4.1", "2.4.1"], "other requirements: installed again"


def test_an_atlas_fact_true_in_some_calls_is_shown_as_such():
    words = versions_page._atlas_words("en")
    cell = {"property": "inplace", "pinned": {"version_bumped": "sometimes"},
            "release": {"version_bumped": False}}  # fmt: skip
    assert versions_page._atlas_value(cell, "pinned", words) == "version bumped: in some calls"
    assert versions_page._atlas_value(cell, "release", words) == "version bumped: no"


def test_a_table_is_pending_when_its_measuring_code_changes_not_its_words(tmp_path, monkeypatch):
    code = '"""What it measures."""\nimport torch\n\nOPERATIONS = {"view": "a.view(-1)"}\n'
    code += "\n# -- rendering --\nLABEL = 'x'\n"
    (tmp_path / "tools").mkdir()
    source = tmp_path / "tools" / "m.py"
    monkeypatch.setattr(versions_merge, "ROOT", tmp_path)
    monkeypatch.setattr(versions_merge, "TABLE_CODE", {"matrix": ["tools/m.py"]})
    source.write_text(code, encoding="utf-8")
    before = versions_merge.table_hashes()
    reworded = code.replace("'x'", "'y'").replace("import torch", "import yaml")
    source.write_text(reworded.replace("What it measures", "It measures"), encoding="utf-8")
    assert versions_merge.table_hashes() == before  # words and imports: nothing to remeasure
    source.write_text(code.replace('a.view(-1)"', 'a.reshape(-1)"'), encoding="utf-8")
    assert versions_merge.table_hashes() != before
