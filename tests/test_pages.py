"""The pages' structure: translations in step, anchors everywhere, every snippet shown."""

import ast
import re
import subprocess
import sys

import pytest

from tools import pages, project
from tools.check.sybil_pages import make_sybil, result_of

PAGES = project.pages()
ENGLISH = [page for page in PAGES if project.language_of(page) == project.DEFAULT_LANGUAGE]


def _id(page):
    return page.relative_to(project.DOCS).as_posix()


def test_there_are_pages_and_snippets():
    assert ENGLISH and project.snippet_files()


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_every_page_exists_in_both_languages(page):
    assert project.translation_of(page).is_file(), f"{_id(page)} has no translation"


@pytest.mark.parametrize("page", ENGLISH, ids=_id)
def test_translations_have_the_same_structure(page):
    translation = project.translation_of(page)
    names = (f"docs/{_id(page)}", f"docs/{_id(translation)}")
    difference = pages.structure_difference(
        page.read_text(encoding="utf-8"), translation.read_text(encoding="utf-8"), names
    )
    assert difference is None, f"the two languages are out of step: {difference}"


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_every_heading_has_a_unique_explicit_anchor(page):
    headings = pages.headings(page.read_text(encoding="utf-8"))
    missing = [f"line {h.line}: {h.title}" for h in headings if h.anchor is None]
    assert not missing, f"headings without {{ #anchor }}: {missing}"
    anchors = [h.anchor for h in headings]
    assert len(anchors) == len(set(anchors)), f"repeated anchors: {anchors}"


def test_every_snippet_is_shown_in_both_languages():
    unshown = pages.unshown_snippets()
    assert not unshown, "snippets that a language never includes:\n" + "\n".join(unshown)


# A python fence as MkDocs finds one: at any indentation, in a blockquote (`> `) too.
PYTHON_FENCE = re.compile(r"^[ ]*(?:>[ ]?)*[ ]*(?:`{3,}|~{3,})[ ]*\{?\.?python\b", flags=re.M)


def _python_blocks_checked(page) -> tuple[int, int]:
    """(python fences a plain regex counts, examples the checker's parser makes of them)."""
    expected = len(PYTHON_FENCE.findall(page.read_text(encoding="utf-8")))
    return expected, len(list(make_sybil(page.parent).parse(page).examples()))


@pytest.mark.parametrize("page", PAGES, ids=_id)
def test_sybil_finds_every_python_block(page):
    """Counted with a plain regex, independently of the lexer the parser uses."""
    expected, found = _python_blocks_checked(page)
    assert found == expected, f"{expected} python blocks on the page, {found} checked"


def test_sybil_finds_a_python_block_in_a_blockquote():
    """The case the count above exists for (tests/data/quoted.md), which a sample keeps."""
    expected, found = _python_blocks_checked(project.ROOT / "tests" / "data" / "quoted.md")
    assert expected == 3
    assert found == expected, f"{expected} python blocks on the page, {found} checked"


@pytest.mark.parametrize("snippet", project.snippet_files(), ids=lambda p: p.stem)
def test_snippets_are_self_contained(snippet):
    relative = snippet.relative_to(project.ROOT)
    assert len(relative.parts) == 3, f"{relative}: expected snippets/<chapter>/<name>.py"
    assert re.fullmatch(r"[a-z0-9_]+\.py", snippet.name), f"{relative}: name in snake_case"
    allowed = {"torch", "numpy"} | set(sys.stdlib_module_names)
    imported = set()
    for node in ast.walk(ast.parse(snippet.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or ".").split(".")[0])
    assert imported <= allowed, f"{relative} imports {sorted(imported - allowed)}"


# Snippets whose output a shortcut could change: plain printing, a warning shown once per line of
# code (the warnings registry), and child processes started with fork and spawn.
FRESH_INTERPRETER = [
    "snippets/layers/three_layers.py",
    "snippets/combinations/torch_tensor_warning.py",
    "snippets/edges/processes_copy_or_share.py",
]


@pytest.mark.parametrize("snippet", FRESH_INTERPRETER)
def test_the_runner_prints_what_a_fresh_interpreter_prints(snippet):
    """The forking runner is a shortcut; it must not change what a snippet prints."""
    fresh = subprocess.run(
        [sys.executable, snippet], cwd=project.ROOT, capture_output=True, text=True, check=True
    )
    assert result_of(snippet).stdout == fresh.stdout
