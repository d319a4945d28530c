"""The Versions page (make versions): rendered from its JSON, and the logic behind it."""

from __future__ import annotations

import json
import re

import pytest

from tools.generate import versions_page
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


def test_snippets_added_after_the_run_are_counted_and_a_new_page_says_so():
    measured = next(c for c in SMALL["chapters"] if c["page"] == "clone").get("snippets", [])
    same = versions_line(SMALL, "clone", "en", "clone.md", list(measured))
    assert "after that run" not in same
    added = versions_line(SMALL, "clone", "en", "clone.md", [*measured, "snippets/clone/new.py"])
    assert added.endswith("1 of its snippets came after that run and have run with the pinned "
                          "torch only.")  # fmt: skip
    new_page = versions_line(SMALL, "models", "zh", "models.md", ["snippets/models/x.py"])
    assert new_page.startswith("尚未用其他 torch 版本核对")
    assert versions_line(SMALL, "models", "en", "models.md", []) is None


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
    labels = versions_page.LABELS[language]
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


def test_the_committed_page_counts_what_ran():
    data = versions_page.committed()
    listed = {s for page in data["chapters"] for s in page["snippets"]}
    text = (versions_page.GENERATED / "versions.en.md").read_text(encoding="utf-8")
    total = re.search(r"^\| All pages \| (\d+) \| (\d+) \| (\d+) \| \|$", text, re.M)
    now, ran, added = map(int, total.groups())
    assert ran <= len(listed) and now == ran + added
    assert all(r["snippets_run"] == len(listed) for r in data["releases"] if not r.get("not_run"))


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
    labels = versions_page.LABELS["en"]
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
    assert "edited" not in same
    changed = {**as_run, "snippets/clone/b.py": "X"}
    edited = versions_line(data, "clone", "zh", "clone.md", current, changed)
    assert edited.endswith(
        "本页有 1 个代码片段在那次运行之后改动过，改动后只在固定版本的 torch 上运行过。"
    )


def test_a_chapter_partly_run_says_so():
    data = {**SMALL, "releases": [
        {"release": "2.4.1", "build": "cuda", "chapters": {"clone": versions_page.PARTLY}},
        {"release": "2.13.0+cpu", "build": "cpu", "pinned": True, "chapters": {}}]}  # fmt: skip
    line = versions_line(data, "clone", "en", "clone.md")
    assert "not every snippet ran with 2.4.1" in line


# -- freshness: no page claims more than the versions run measured ------------------------------


def unmeasured(data: dict) -> list[str]:
    """The CPU snippets on the pages that the versions run has no result for."""
    recorded = data.get("snippet_hashes", {})
    return sorted(
        {s for page in versions_page.chapters() for s in page["snippets"] if s not in recorded}
    )


def test_every_snippet_on_the_pages_has_a_versions_result():
    missing = unmeasured(versions_page.committed())
    assert not missing, (
        f"{len(missing)} snippet(s) on the pages have no result in docs/generated/versions.json "
        f"(first: {missing[:5]}): run `make versions` (about an hour and a half; or dispatch "
        "the versions workflow and commit the files it uploads)"
    )


def test_the_freshness_check_fails_for_a_snippet_without_a_result():
    data = versions_page.committed()
    one = next(s for page in versions_page.chapters() for s in page["snippets"])
    less = {**data, "snippet_hashes": {k: v for k, v in data["snippet_hashes"].items() if k != one}}
    assert unmeasured(less) == [one]


# -- the workflow's merge writes what a local run writes ----------------------------------------


def _result(release: str, pinned: bool, inputs: str, stdout: str) -> dict:
    ok = {"status": "ok", "stdout": stdout, "stderr": "", "error": None}
    return {
        "release": release, "pinned": pinned, "inputs": inputs, "complete": True,
        "torch": release, "cuda": None if pinned else "12.1", "python": "3.11.7", "numpy": "2",
        "snippets": {"snippets/about/torch_version.py": ok}, "matrix": {"status": "ok", "rows": []},
        "atlas": {"status": "error", "error": "ImportError: no op_db"},
        "snippet_hashes": {"snippets/about/torch_version.py": "h"}, "measured": "2026-12-01",
        "seconds": 1.0,
    }  # fmt: skip


def test_merge_writes_the_bytes_a_local_run_writes(tmp_path, monkeypatch):
    import torch

    from tools.generate import versions

    inputs = versions.inputs_hash()
    results = tmp_path / "results"
    results.mkdir()
    for name, pinned, out in ((torch.__version__, True, "a\n"), ("2.4.1", False, "b\n")):
        (results / f"{name}.json").write_text(json.dumps(_result(name, pinned, inputs, out)))
    (results / "2.5.1.json").write_text(json.dumps(_result("2.5.1", False, "other", "c\n")))
    written = {}
    for run, argv in (("merge", ["--merge", str(results)]),
                      ("local", ["--render-only", "--results", str(results)])):  # fmt: skip
        folder = tmp_path / run
        folder.mkdir()
        monkeypatch.setattr(versions_page, "GENERATED", folder)
        monkeypatch.setattr(versions_page, "JSON_PATH", folder / "versions.json")
        monkeypatch.setattr(versions, "RESULTS", versions.CACHE / "results")
        assert versions.main(argv) == 0
        written[run] = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    assert written["merge"] == written["local"]
    data = json.loads(written["merge"]["versions.json"])
    assert [r["release"] for r in data["releases"]] == ["2.4.1", torch.__version__], (
        "a result measured with other inputs is left out"
    )


def test_an_atlas_fact_true_in_some_calls_is_shown_as_such():
    words = versions_page._atlas_words("en")
    cell = {"property": "inplace", "pinned": {"version_bumped": "sometimes"},
            "release": {"version_bumped": False}}  # fmt: skip
    assert versions_page._atlas_value(cell, "pinned", words) == "version bumped: in some calls"
    assert versions_page._atlas_value(cell, "release", words) == "version bumped: no"
