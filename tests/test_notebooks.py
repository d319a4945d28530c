"""The chapter notebooks (docs/notebooks/, written by `make notebooks`) are current and truthful.

Current: regenerating a notebook from its page and snippets (in memory, without running it)
gives the same cells. Truthful: what each code cell printed when the notebook was executed is
what the page shows under the same snippet (the page's outputs are checked against real runs by
the Sybil tests, so the notebook is checked against a real run too). The last tests show that
these checks can fail.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

from tools import pages, project, snippets
from tools.check import notebooks as checks
from tools.check.sybil_pages import REQUIRE_CUDA
from tools.generate import notebooks

CHAPTERS = notebooks.chapters()
PAIRS = [(slug, language) for slug in CHAPTERS for language in project.LANGUAGES]
REGENERATE = "(`make notebooks` regenerates them, once the page's own checks pass)"


def _id(pair):
    return "-".join(pair)


def _advice(slug: str) -> str:
    """How to fix a notebook failure: regenerate, unless the pages are out of step, which
    `make notebooks` would copy into the notebooks instead of fixing."""
    out_of_step = checks.pages_out_of_step(slug)
    if out_of_step:
        return (
            f"(the chapter's two pages are out of step: {out_of_step}. Fix the pages first; "
            "`make notebooks` now would copy the difference into the notebooks)"
        )
    return REGENERATE


def _committed(slug, language) -> dict:
    path = notebooks.notebook_path(slug, language)
    if not path.is_file():
        pytest.fail(f"{path.relative_to(project.ROOT)} is missing {REGENERATE}")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_chapter_has_notebooks():
    assert CHAPTERS, "no chapter found in docs/"
    expected = {notebooks.notebook_path(s, lang) for s, lang in PAIRS}
    present = set(notebooks.NOTEBOOKS.glob("*.ipynb"))
    missing = sorted(p.name for p in expected - present)
    orphans = sorted(p.name for p in present - expected)
    assert not missing, f"notebooks missing: {missing} {REGENERATE}"
    assert not orphans, f"notebooks without a chapter: {orphans} {REGENERATE}"


@pytest.mark.parametrize("pair", PAIRS, ids=_id)
def test_notebook_is_current(pair):
    difference = checks.staleness(_committed(*pair), notebooks.build(*pair))
    assert difference is None, f"{_id(pair)} is stale {_advice(pair[0])}: {difference}"


@pytest.mark.parametrize("pair", PAIRS, ids=_id)
def test_notebook_holds_every_text_block_of_its_page(pair):
    missing = checks.missing_text(*pair, _committed(*pair))
    assert not missing, f"{_id(pair)}: not in the notebook {_advice(pair[0])}:\n" + "\n".join(
        missing
    )


@pytest.mark.parametrize("pair", PAIRS, ids=_id)
def test_notebook_outputs_are_the_pages_outputs(pair):
    page = notebooks.page_path(*pair).read_text(encoding="utf-8")
    problems, not_run, page_mistakes = checks.output_differences(
        page, _committed(*pair), run=snippets.run
    )
    assert not problems, "\n".join(problems) + f"\n{_advice(pair[0])}"
    if page_mistakes:
        # The notebook printed what the snippet prints now: the page's block is what is wrong,
        # and the page's own check (Sybil, docs/<page>.md) fails with the diff and the fix.
        where = notebooks.page_path(*pair).relative_to(project.ROOT)
        pytest.skip(f"{where}'s output blocks are wrong, not the notebook: {page_mistakes}")
    if not_run:
        if os.environ.get(REQUIRE_CUDA) == "1":
            pytest.fail(f"cells not run, with {REQUIRE_CUDA}=1: {not_run} {REGENERATE}")
        pytest.skip(f"not run where the notebook was generated (no GPU): {not_run}")


@pytest.mark.parametrize("pair", PAIRS, ids=_id)
def test_notebook_has_nothing_machine_specific(pair):
    """Regenerating on another machine must give the same file."""
    notebook = _committed(*pair)
    assert notebook["metadata"] == {
        "kernelspec": notebooks.KERNEL,
        "language_info": {"name": "python"},
    }
    for cell in notebook["cells"]:
        assert "execution" not in cell["metadata"], "execution timestamps are recorded"
        assert "tags" not in cell["metadata"]


# --- the built site (the browser tests look at the same pages in Chromium) ---------------------


@pytest.mark.parametrize("pair", PAIRS, ids=_id)
def test_built_notebook_page_shows_the_notebook_with_its_download(built_site, pair):
    """A page per language, drawn from the notebook, nothing external; the chapter links to it."""
    slug, language = pair
    root = built_site / project.prefix(language) if project.prefix(language) else built_site
    folder = built_site / project.notebook_url(slug, language)
    html = (folder / "index.html").read_text(encoding="utf-8")
    committed = _committed(slug, language)
    code = [c for c in committed["cells"] if c["cell_type"] == "code"]
    assert html.count('class="language-python highlight"') == len(code)
    assert '"cell_type"' not in html, "the notebook is shown as JSON"
    assert 'src="http' not in html and "cdnjs" not in html
    assert "jp-Cell" not in html and "In&nbsp;[" not in html, "notebook prompts are back"
    for cell in committed["cells"]:
        anchor = cell["metadata"].get("anchor")
        if anchor:
            assert f'id="{anchor}"' in html, f"heading {anchor} lost its chapter anchor"
    source = notebooks.notebook_path(slug, language)
    assert (folder / source.name).read_bytes() == source.read_bytes()
    assert f'href="{source.name}" download' in html, "no download button"
    chapter = (root / slug / "index.html").read_text(encoding="utf-8")
    assert f'href="../notebooks/{slug}/"' in chapter, "the chapter does not link to its notebook"
    assert f'href="../notebooks/{slug}/{source.name}" download' in chapter


# --- the checks above can fail ----------------------------------------------------------------


@pytest.fixture
def example():
    slug = "layers" if "layers" in CHAPTERS else CHAPTERS[0]
    return slug, _committed(slug, "en")


def _first_code_cell(notebook):
    return next(c for c in notebook["cells"] if c["cell_type"] == "code")


def test_a_changed_snippet_makes_the_notebook_stale(example):
    slug, notebook = example
    changed = copy.deepcopy(notebook)
    _first_code_cell(changed)["source"] = ["print('edited by hand')"]
    assert checks.staleness(changed, notebooks.build(slug, "en")) is not None


def test_a_changed_heading_makes_the_notebook_stale(example):
    slug, notebook = example
    changed = copy.deepcopy(notebook)
    changed["cells"][0]["source"] = ["# Another title"]
    assert checks.staleness(changed, notebooks.build(slug, "en")) is not None


def test_a_different_output_is_caught(example):
    slug, notebook = example
    page = notebooks.page_path(slug, "en").read_text(encoding="utf-8")
    changed = copy.deepcopy(notebook)
    _first_code_cell(changed)["outputs"] = [
        {"output_type": "stream", "name": "stdout", "text": ["something else\n"]}
    ]
    problems, _, _ = checks.output_differences(page, changed)
    assert len(problems) == 1


def test_a_text_block_missing_from_the_notebook_is_caught(example):
    slug, notebook = example
    changed = copy.deepcopy(notebook)
    markdown_cells = [c for c in changed["cells"] if c["cell_type"] == "markdown"]
    markdown_cells[-1]["source"] = ""
    assert checks.missing_text(slug, "en", notebook) == []
    assert checks.missing_text(slug, "en", changed) != []


def test_an_expression_value_in_the_notebook_is_caught(example):
    slug, notebook = example
    page = notebooks.page_path(slug, "en").read_text(encoding="utf-8")
    changed = copy.deepcopy(notebook)
    _first_code_cell(changed)["outputs"].append(
        {"output_type": "execute_result", "data": {"text/plain": "1"}, "execution_count": 1}
    )
    problems, _, _ = checks.output_differences(page, changed)
    assert len(problems) == 1


def test_a_wrong_output_block_on_the_page_is_the_page_s_mistake_not_the_notebook_s(example):
    """A typo in a page's output block fails the page's own check; the notebook test does not
    add a failure advising `make notebooks`, as long as the notebook printed what a run prints."""
    slug, notebook = example
    page = notebooks.page_path(slug, "en").read_text(encoding="utf-8")
    cell = _first_code_cell(notebook)
    printed = "".join("".join(o["text"]) for o in cell["outputs"] if o.get("name") == "stdout")
    snippet = cell["metadata"]["snippet"]
    output = next(e.output for e in pages.examples(page) if e.snippet == snippet)
    typo = page[: output.body_start] + "a typo\n" + page[output.body_end :]

    def run_now(paths, stdout=printed):  # what the snippet prints when run now
        return {path: snippets.Result("ok", stdout, "", 0.0) for path in paths}

    problems, _, mistakes = checks.output_differences(typo, notebook, run=run_now)
    assert problems == [] and len(mistakes) == 1 and snippet in mistakes[0]
    # A notebook that printed something else than a run prints is still the notebook's problem.
    problems, _, mistakes = checks.output_differences(
        typo, notebook, run=lambda paths: run_now(paths, "another run\n")
    )
    assert len(problems) == 1 and "line" in problems[0] and mistakes == []
