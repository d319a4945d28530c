"""The checks fail when they should: each test breaks a copy of a real page on purpose."""

import shutil

import pytest
from sybil.example import SybilFailure

from tools import markdown, runner
from tools.checker import REQUIRE_CUDA, make_sybil, result_of
from tools.outputs import rewrite

PAGE = markdown.DOCS / "layers.md"


def _evaluate_all(page):
    for example in make_sybil(page.parent).parse(page).examples():
        example.evaluate()


def _copy(tmp_path, text=None):
    copy = tmp_path / PAGE.name
    if text is None:
        shutil.copy(PAGE, copy)
    else:
        copy.write_text(text, encoding="utf-8")
    return copy


def test_an_unchanged_copy_passes(tmp_path):
    _evaluate_all(_copy(tmp_path))


def test_a_wrong_output_fails(tmp_path):
    text = PAGE.read_text(encoding="utf-8")
    first = markdown.examples(text)[0].output
    wrong = first.body.replace("24 bytes", "48 bytes")
    assert wrong != first.body
    page = _copy(tmp_path, text[: first.body_start] + wrong + text[first.body_end :])
    with pytest.raises(SybilFailure, match="differs from the page"):
        _evaluate_all(page)


def test_a_hand_typed_python_block_is_rejected(tmp_path):
    extra = "\n```python\nimport torch\nprint(torch.ones(1))\n```\n\n```text\ntensor([1.])\n```\n"
    page = _copy(tmp_path, PAGE.read_text(encoding="utf-8") + extra)
    with pytest.raises(SybilFailure, match="not one snippet include"):
        _evaluate_all(page)


def test_an_include_without_output_is_rejected(tmp_path):
    page = _copy(tmp_path, '```python\n--8<-- "snippets/layers/three_layers.py"\n```\n')
    with pytest.raises(SybilFailure, match="no ```text block"):
        _evaluate_all(page)


def test_a_missing_snippet_is_rejected(tmp_path):
    page = _copy(tmp_path, '```python\n--8<-- "snippets/layers/nowhere.py"\n```\n\n```text\n```\n')
    with pytest.raises(SybilFailure, match="does not exist"):
        _evaluate_all(page)


def test_ellipsis_matches_anything_but_the_rest_must_match(tmp_path):
    good = (
        '```python\n--8<-- "snippets/layers/three_layers.py"\n```\n\n```text\nstorage: ...\n```\n'
    )
    _evaluate_all(_copy(tmp_path, good))
    bad = good.replace("storage: ...", "storage: ...\nextra line")
    with pytest.raises(SybilFailure):
        _evaluate_all(_copy(tmp_path, bad))


def test_a_cuda_snippet_is_skipped_without_a_gpu_and_fails_when_a_gpu_is_required(
    tmp_path, monkeypatch
):
    snippet = tmp_path / "on_gpu.py"
    snippet.write_text(
        f"{markdown.CUDA_MARKER}\nimport torch\n\nprint(torch.ones(1, device='cuda').device)\n"
    )
    page = _copy(tmp_path, f'```python\n--8<-- "{snippet}"\n```\n\n```text\ncuda:0\n```\n')
    if result_of(str(snippet)).status != "skipped":
        _evaluate_all(page)  # a GPU is here: the snippet runs and is checked like any other
        return
    with pytest.raises(pytest.skip.Exception, match="needs a CUDA device"):
        _evaluate_all(page)
    monkeypatch.setenv(REQUIRE_CUDA, "1")
    with pytest.raises(SybilFailure, match="was skipped"):
        _evaluate_all(page)


def test_translations_out_of_step_are_detected():
    english = PAGE.read_text(encoding="utf-8")
    chinese = markdown.translation_of(PAGE).read_text(encoding="utf-8")
    assert markdown.structure_difference(english, chinese) is None
    for broken in (
        chinese.replace("{ #views }", "{ #shi-tu }"),
        chinese.replace("!!! warning", "!!! note", 1),
        chinese.replace("snippets/layers/slice_offset.py", "snippets/layers/three_layers.py"),
        chinese.replace("storage offset of row: 3", "storage offset of row: 4"),
    ):
        assert broken != chinese
        assert markdown.structure_difference(english, broken) is not None


def test_a_snippet_missing_from_one_language_is_detected(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(markdown.DOCS, docs, ignore=shutil.ignore_patterns("assets"))
    page = docs / "layers.zh.md"
    page.write_text(
        page.read_text(encoding="utf-8").replace("snippets/layers/slice_offset.py", "x.py"),
        encoding="utf-8",
    )
    assert markdown.unshown_snippets(docs) == ["snippets/layers/slice_offset.py (zh)"]


def test_make_outputs_rewrites_wrong_blocks_adds_missing_ones_and_keeps_ellipses():
    snippet = "snippets/assignment/same_object.py"
    results = {snippet: result_of(snippet)}
    printed = results[snippet].stdout
    include = f'```python\n--8<-- "{snippet}"\n```\n'
    wrong = include + "\n```text\nold output\n```\n"
    assert rewrite(wrong, results) == (include + f"\n```text\n{printed}```\n", 1)
    assert rewrite(include, results) == (include + f"\n```text\n{printed}```\n", 1)
    loose = include + "\n```text\na: ...\nb is a: True\n```\n"
    assert rewrite(loose, results) == (loose, 0)
    indented = "    " + include.replace("\n", "\n    ").rstrip(" ")
    new, changed = rewrite(indented, results)
    assert changed == 1 and "\n    ```text\n    a: tensor" in new


def test_make_outputs_marks_a_gpu_snippet_that_could_not_run():
    snippet = "snippets/devices/some_gpu_snippet.py"
    skipped = {snippet: runner.Result("skipped", "", runner.NO_CUDA, 0.0)}
    include = f'```python\n--8<-- "{snippet}"\n```\n'
    assert rewrite(include, skipped) == (include + f"\n```text\n{runner.GPU_PENDING}```\n", 1)
    recorded = include + "\n```text\ncuda:0\n```\n"
    assert rewrite(recorded, skipped) == (recorded, 0)
