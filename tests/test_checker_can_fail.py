"""The checks fail when they should: each test breaks a sample page (tests/data/) on purpose.

The sample pages include real snippets. Each test first brings their output blocks up to date
with `make outputs`' own rewrite, so that only the change a test makes can break them.
"""

import pytest
from sybil.example import SybilFailure

from tools import pages, project, snippets
from tools.check.sybil_pages import REQUIRE_CUDA, make_sybil, result_of
from tools.generate.outputs import rewrite

DATA = project.ROOT / "tests" / "data"
SAMPLE, SAMPLE_ZH = DATA / "sample.md", DATA / "sample.zh.md"


def _evaluate_all(page):
    for example in make_sybil(page.parent).parse(page).examples():
        example.evaluate()


def _current(text: str) -> str:
    found = [e.snippet for e in pages.examples(text) if e.snippet]
    return rewrite(text, {snippet: result_of(snippet) for snippet in found})[0]


def _page(tmp_path, text=None, name="sample.md"):
    page = tmp_path / name
    page.write_text(_current(SAMPLE.read_text(encoding="utf-8")) if text is None else text)
    return page


def test_an_up_to_date_sample_passes(tmp_path):
    _evaluate_all(_page(tmp_path))


def test_a_wrong_output_fails(tmp_path):
    text = _current(SAMPLE.read_text(encoding="utf-8"))
    first = pages.examples(text)[0].output
    wrong = first.body.replace("True", "False", 1)
    assert wrong != first.body
    page = _page(tmp_path, text[: first.body_start] + wrong + text[first.body_end :])
    with pytest.raises(SybilFailure, match="differs from the page"):
        _evaluate_all(page)


def test_a_hand_typed_python_block_is_rejected(tmp_path):
    extra = "\n```python\nimport torch\nprint(torch.ones(1))\n```\n\n```text\ntensor([1.])\n```\n"
    page = _page(tmp_path, _current(SAMPLE.read_text(encoding="utf-8")) + extra)
    with pytest.raises(SybilFailure, match="not one snippet include"):
        _evaluate_all(page)


def test_an_include_without_output_is_rejected(tmp_path):
    page = _page(tmp_path, '```python\n--8<-- "snippets/layers/three_layers.py"\n```\n')
    with pytest.raises(SybilFailure, match="no ```text block"):
        _evaluate_all(page)


def test_a_missing_snippet_is_rejected(tmp_path):
    page = _page(tmp_path, '```python\n--8<-- "snippets/layers/nowhere.py"\n```\n\n```text\n```\n')
    with pytest.raises(SybilFailure, match="does not exist"):
        _evaluate_all(page)


def test_ellipsis_matches_anything_but_the_rest_must_match(tmp_path):
    good = (
        '```python\n--8<-- "snippets/layers/three_layers.py"\n```\n\n```text\nstorage: ...\n```\n'
    )
    _evaluate_all(_page(tmp_path, good))
    bad = good.replace("storage: ...", "storage: ...\nextra line")
    with pytest.raises(SybilFailure):
        _evaluate_all(_page(tmp_path, bad))


def test_a_cuda_snippet_is_skipped_without_a_gpu_and_fails_when_a_gpu_is_required(
    tmp_path, monkeypatch
):
    snippet = tmp_path / "on_gpu.py"
    snippet.write_text(
        f"{project.CUDA_MARKER}\nimport torch\n\nprint(torch.ones(1, device='cuda').device)\n"
    )
    page = _page(tmp_path, f'```python\n--8<-- "{snippet}"\n```\n\n```text\ncuda:0\n```\n')
    if result_of(str(snippet)).status != "skipped":
        _evaluate_all(page)  # a GPU is here: the snippet runs and is checked like any other
        return
    with pytest.raises(pytest.skip.Exception, match="needs a CUDA device"):
        _evaluate_all(page)
    monkeypatch.setenv(REQUIRE_CUDA, "1")
    with pytest.raises(SybilFailure, match="was skipped"):
        _evaluate_all(page)


def test_the_samples_are_translations_of_each_other():
    english, chinese = SAMPLE.read_text(encoding="utf-8"), SAMPLE_ZH.read_text(encoding="utf-8")
    assert pages.structure_difference(english, chinese) is None


@pytest.mark.parametrize(
    ("change", "replacement"),
    [
        ("{ #second }", "{ #di-er-jie }"),  # an anchor
        ('!!! warning "小心"', '!!! note "小心"'),  # an admonition's kind
        ('=== "二"\n\n    另一个标签页。\n\n', ""),  # a tab
        ("snippets/layers/three_layers.py", "snippets/layers/slice_offset.py"),  # an include
        ("```mermaid\nflowchart LR\n    a --> b\n```\n", ""),  # a diagram
    ],
)
def test_translations_out_of_step_are_detected(change, replacement):
    english, chinese = SAMPLE.read_text(encoding="utf-8"), SAMPLE_ZH.read_text(encoding="utf-8")
    broken = chinese.replace(change, replacement)
    assert broken != chinese
    assert pages.structure_difference(english, broken) is not None


def test_different_outputs_are_out_of_step():
    english, chinese = SAMPLE.read_text(encoding="utf-8"), SAMPLE_ZH.read_text(encoding="utf-8")
    assert pages.structure_difference(english, chinese.replace("stale", "fresh", 1)) is not None


def test_a_snippet_missing_from_one_language_is_detected(tmp_path):
    docs, snippets_dir = tmp_path / "docs", tmp_path / "snippets" / "sample"
    docs.mkdir()
    snippets_dir.mkdir(parents=True)
    (snippets_dir / "shown.py").write_text("print(1)\n")
    (snippets_dir / "only_english.py").write_text("print(2)\n")
    include = '```python\n--8<-- "snippets/sample/{}.py"\n```\n\n'
    (docs / "page.md").write_text(include.format("shown") + include.format("only_english"))
    (docs / "page.zh.md").write_text(include.format("shown"))
    missing = pages.unshown_snippets(docs, tmp_path / "snippets")
    assert missing == ["snippets/sample/only_english.py (zh)"]


def test_make_outputs_rewrites_wrong_blocks_adds_missing_ones_and_keeps_ellipses():
    snippet = "snippets/assignment/same_object.py"
    results = {snippet: result_of(snippet)}
    printed = results[snippet].stdout
    include = f'```python\n--8<-- "{snippet}"\n```\n'
    wrong = include + "\n```text\nold output\n```\n"
    assert rewrite(wrong, results) == (include + f"\n```text\n{printed}```\n", 1)
    assert rewrite(include, results) == (include + f"\n```text\n{printed}```\n", 1)
    first_line = printed.splitlines()[0]
    loose = include + f"\n```text\n{first_line}\n...\n```\n"
    assert rewrite(loose, results) == (loose, 0)
    indented = "    " + include.replace("\n", "\n    ").rstrip(" ")
    new, changed = rewrite(indented, results)
    assert changed == 1 and f"\n    ```text\n    {first_line}" in new


def test_make_outputs_marks_a_gpu_snippet_that_could_not_run():
    snippet = "snippets/devices/some_gpu_snippet.py"
    skipped = {snippet: snippets.Result("skipped", "", snippets.NO_CUDA, 0.0)}
    include = f'```python\n--8<-- "{snippet}"\n```\n'
    assert rewrite(include, skipped) == (include + f"\n```text\n{snippets.GPU_PENDING}```\n", 1)
    recorded = include + "\n```text\ncuda:0\n```\n"
    assert rewrite(recorded, skipped) == (recorded, 0)
    assert rewrite(recorded, skipped, "zh") == (recorded, 0)
    # A Chinese page says it in Chinese, and an English placeholder there is put into Chinese.
    chinese = include + f"\n```text\n{snippets.gpu_pending('zh')}```\n"
    assert rewrite(include, skipped, "zh") == (chinese, 1)
    english = include + f"\n```text\n{snippets.GPU_PENDING}```\n"
    assert rewrite(english, skipped, "zh") == (chinese, 1)
    assert rewrite(chinese, skipped, "zh") == (chinese, 0)
    assert snippets.gpu_pending("zh").startswith("（尚未在 GPU 上运行")


# --- the snippet runner says how a snippet failed ---------------------------------------------


@pytest.mark.parametrize(
    ("code", "status", "how"),
    [
        ("import sys\nsys.exit(3)\n", "error", "exited with code 3"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", "error", "SIGSEGV"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "error", "out of memory"),
        ("raise ValueError('boom')\n", "error", "exited with code 1"),
        ("import time\ntime.sleep(30)\n", "timeout", "limit of 1 s"),
        ("print('fine')\n", "ok", ""),
    ],
    ids=["exit-code", "segfault", "sigkill", "exception", "timeout", "ok"],
)
def test_the_runner_says_how_a_snippet_ended(tmp_path, monkeypatch, code, status, how):
    snippet = tmp_path / "ending.py"
    snippet.write_text(code)
    monkeypatch.setenv(snippets.TIMEOUT_VARIABLE, "1")
    result = snippets.run([str(snippet)])[str(snippet)]
    assert result.status == status
    assert how in result.how
    if status != "ok":
        assert str(snippet) in result.how, "the message names the snippet"


def test_a_traceback_reaches_the_report(tmp_path):
    snippet = tmp_path / "raises.py"
    snippet.write_text("raise ValueError('boom')\n")
    result = snippets.run([str(snippet)])[str(snippet)]
    assert "ValueError: boom" in result.stderr
