"""Readers' queries against the built site's search, as the reader's browser runs it.

The queries are data: tests/data/search_queries.yml (ours, each in the top 3), and where they
exist tests/data/questions.yml (top 3) and tests/data/error_queries.yml (pasted error messages:
their entry first). tools/site/search_ranks.py runs them in Chromium through Material's own
search worker, as the site serves it (the patched worker, each language's own index), in one
visit of each language's home page: the worker's results are what the search box lists.

Faithful rather than simulated: the same worker file, the same lunr and its language scripts, the
same index, the same SETUP and QUERY messages Material's bundle sends, in the browser a reader
uses; what the bundle adds (drawing the groups) does not reorder them. Cheap: one page visit per
language, and about a millisecond per query once the worker holds the index.

Without the browser tests' Chromium (tools/project.chromium) these tests skip and say so, unless
GUIDE_REQUIRE_BROWSER=1.
"""

from __future__ import annotations

import time

import pytest
from test_browser import CHROMIUM, _require_browser  # the same browser, skipped or required alike

from tools import project
from tools.site import search_ranks, search_words

CASES = search_ranks.load()
PER_LANGUAGE = 30  # natural queries of our own, at least, per language


@pytest.fixture(scope="module")
def searched(built_site):
    _require_browser()
    pytest.importorskip("playwright.sync_api")
    started = time.perf_counter()
    out = search_ranks.run(built_site, CASES, CHROMIUM)
    out["seconds"] = time.perf_counter() - started
    return out


def test_each_language_has_its_natural_queries():
    ours = [c for c in CASES if c.file == "search_queries.yml"]
    for language in project.LANGUAGES:
        queries = [c for c in ours if c.lang == language]
        assert len(queries) >= PER_LANGUAGE, (language, len(queries))
        assert all(c.source for c in queries), "each query names the question it paraphrases"
        assert len({c.query for c in queries}) == len(queries), "a query twice"
        # Known misses are the exception: at least 30 per language reach their rank.
        assert len([c for c in queries if not c.miss]) >= PER_LANGUAGE, language


def test_the_search_visits_raise_no_error(searched, record_property):
    record_property("measurement", ["search queries, s", "all", round(searched["seconds"], 1)])
    assert not searched["problems"], searched["problems"]


def _param(case):
    marks = [pytest.mark.xfail(reason=case.miss, strict=True)] if case.miss else []
    return pytest.param(case, id=f"{case.lang}:{case.query[:40]}", marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_the_answer_ranks_where_readers_look(searched, case):
    groups = searched["groups"][(case.lang, case.query)]
    rank = search_ranks.rank(groups, case.answers, case.folded)
    shown = [g[0]["location"] for g in groups[:5]]
    where = "first" if case.within == 1 else f"in the top {case.within}"
    assert rank is not None and rank <= case.within, (
        f"{case.file}: {case.query!r} should find {case.answer} {where}; "
        f"rank {rank}, first results {shown}"
    )


def test_ranks_are_counted_on_what_the_reader_sees():
    """A section counts only where it is its page's best entry (the one the box shows)."""
    groups = [
        [{"location": "a/", "score": 1.0}, {"location": "a/#x", "score": 3.0}],
        [{"location": "b/", "score": 2.0}, {"location": "b/#y", "score": 1.0}],
    ]
    assert search_ranks.rank(groups, "a/") == 1
    assert search_ranks.rank(groups, "a/#x") == 1
    assert search_ranks.rank(groups, "b/") == 2
    assert search_ranks.rank(groups, "b/#y") is None  # folded under "1 more on this page"
    assert search_ranks.rank(groups, ("b/#y", "b/")) == 2
    assert search_ranks.rank(groups, "b/#y", folded=True) == 2  # the question bank's measure
    assert search_ranks.rank(groups, "b/#z", folded=True) is None  # not among b/'s matches
    assert search_ranks.rank(groups, "c/") is None


def test_answers_are_read_in_the_ways_other_files_name_pages():
    normal = search_ranks.normalise_answer
    assert normal("troubleshooting/#in-place-error", "en") == "troubleshooting/#in-place-error"
    assert normal("/zh/troubleshooting/#in-place-error", "zh") == "troubleshooting/#in-place-error"
    assert normal("docs/edges.zh.md#numpy", "zh") == "edges/#numpy"
    assert normal("edges#numpy", "en") == "edges/#numpy"
    assert normal("index.md", "en") == "" and normal("/zh/", "zh") == ""


def test_missing_query_files_are_skipped_and_error_queries_must_come_first(tmp_path):
    (tmp_path / "error_queries.yml").write_text(
        "- {lang: en, query: 'a leaf Variable that requires grad', answer: in-place.md#x}\n",
        encoding="utf-8",
    )
    cases = search_ranks.load(tmp_path)
    assert [(c.file, c.within, c.answers) for c in cases] == [
        ("error_queries.yml", 1, ("in-place/#x",))
    ]


def test_readers_words_reach_the_index():
    """The variants tests/terms.zh.yml rejects, and joined compounds, are indexed words."""
    zh = search_words.readers_words("用 copy.deepcopy 做深复制，再原地写入", "zh")
    assert {"深拷贝", "就地"} <= set(zh)
    en = search_words.readers_words("an in-place write; pin_memory in a DataLoader", "en")
    assert {"inplace", "pinmemory", "dataloader"} <= set(en)
    assert "inplace" in search_words.readers_words("in-place writes", "en", "title")


def test_the_worker_patch_refuses_code_it_does_not_know():
    with pytest.raises(ValueError, match="found 0 times"):
        search_words.patch("function segment(){ /* rewritten upstream */ }")
