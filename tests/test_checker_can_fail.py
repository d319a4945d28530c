"""The checks fail when they should: each test breaks a sample page (tests/data/) on purpose.

The sample pages include two small snippets of their own (tests/data/snippets/), and their
output blocks were written from what those programs evidently print, not by the checker or by
`make outputs`: the up-to-date sample passes only if the checker agrees with a real run. A third
sample snippet needs a GPU (on_gpu.py, below); every sample snippet runs in the first batch.
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


def _page(tmp_path, text=None, name="sample.md"):
    page = tmp_path / name
    page.write_text(SAMPLE.read_text(encoding="utf-8") if text is None else text)
    return page


@pytest.mark.parametrize("sample", [SAMPLE, SAMPLE_ZH], ids=["en", "zh"])
def test_an_up_to_date_sample_passes(tmp_path, sample):
    _evaluate_all(_page(tmp_path, sample.read_text(encoding="utf-8")))


def test_a_wrong_output_fails_with_a_diff_at_the_line_that_differs(tmp_path):
    text = SAMPLE.read_text(encoding="utf-8")
    first = pages.examples(text)[0].output
    wrong = first.body.replace("10.", "11.", 1)
    assert wrong != first.body
    page = _page(tmp_path, text[: first.body_start] + wrong + text[first.body_end :])
    line = text[: first.body_start].count("\n") + 2  # the block's second line holds the change
    with pytest.raises(SybilFailure) as failure:
        _evaluate_all(page)
    message = str(failure.value)
    assert f"line {line}: the output block of tests/data/snippets/slice_is_a_view.py" in message
    assert f"- {line:>4}  a after writing b[0]: tensor([ 0., 11.,  2.,  3.])" in message
    assert "+       a after writing b[0]: tensor([ 0., 10.,  2.,  3.])" in message


def test_a_hand_typed_python_block_is_rejected(tmp_path):
    extra = "\n```python\nimport torch\nprint(torch.ones(1))\n```\n\n```text\ntensor([1.])\n```\n"
    page = _page(tmp_path, SAMPLE.read_text(encoding="utf-8") + extra)
    with pytest.raises(SybilFailure, match="not one snippet include"):
        _evaluate_all(page)


@pytest.mark.parametrize(
    ("quoted", "line"),
    [
        ('> ```python\n> --8<-- "snippets/layers/three_layers.py"\n> ```\n', 3),
        ("> Typed by hand:\n>\n> ```python\n> print(1)\n> ```\n", 5),
    ],
    ids=["include", "hand-typed"],
)
def test_a_python_block_in_a_blockquote_is_rejected(tmp_path, quoted, line):
    page = _page(tmp_path, "# Quoted { #quoted }\n\n" + quoted)
    with pytest.raises(SybilFailure, match=rf"line {line}: a code block inside a blockquote"):
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
    snippet = "tests/data/snippets/on_gpu.py"  # a sample snippet: it runs in the first batch
    assert project.needs_cuda(project.ROOT / snippet)
    page = _page(tmp_path, f'```python\n--8<-- "{snippet}"\n```\n\n```text\ncuda:0\n```\n')
    if result_of(snippet).status != "skipped":
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
        ("tests/data/snippets/clone_is_a_copy.py", "snippets/layers/slice_offset.py"),  # include
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
    changed = chinese.replace("True", "False", 1)
    assert changed != chinese
    assert pages.structure_difference(english, changed) is not None


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


def test_make_outputs_leaves_a_blockquoted_include_alone():
    snippet = "tests/data/snippets/slice_is_a_view.py"
    quoted = f'> ```python\n> --8<-- "{snippet}"\n> ```\n'
    assert rewrite(quoted, {snippet: snippets.Result("ok", "printed\n", "", 0.0)}) == (quoted, 0)


def test_make_outputs_marks_a_gpu_snippet_that_could_not_run():
    snippet = "snippets/devices/some_gpu_snippet.py"
    skipped = {snippet: snippets.Result("skipped", "", snippets.NO_CUDA, 0.0)}
    include = f'```python\n--8<-- "{snippet}"\n```\n'
    assert rewrite(include, skipped) == (include + f"\n```text\n{snippets.gpu_pending()}```\n", 1)
    recorded = include + "\n```text\ncuda:0\n```\n"
    assert rewrite(recorded, skipped) == (recorded, 0)
    assert rewrite(recorded, skipped, "zh") == (recorded, 0)
    # A Chinese page says it in Chinese, and an English placeholder there is put into Chinese.
    chinese = include + f"\n```text\n{snippets.gpu_pending('zh')}```\n"
    assert rewrite(include, skipped, "zh") == (chinese, 1)
    english = include + f"\n```text\n{snippets.gpu_pending()}```\n"
    assert rewrite(english, skipped, "zh") == (chinese, 1)
    assert rewrite(chinese, skipped, "zh") == (chinese, 0)
    assert snippets.gpu_pending("zh").startswith("（尚未在 GPU 上运行")


# --- the snippet runner says how a snippet failed ---------------------------------------------

ENDINGS = {
    "exit-code": ("import sys\nsys.exit(3)\n", "error", "exited with code 3"),
    "segfault": ("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", "error", "SIGSEGV"),
    "sigkill": (
        "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
        "error",
        "out of memory",
    ),
    "exception": ("raise ValueError('boom')\n", "error", "exited with code 1"),
    "timeout": ("import time\ntime.sleep(30)\n", "timeout", "limit of 1 s"),
    "ok": ("print('fine')\n", "ok", ""),
}


@pytest.fixture(scope="module")
def endings(tmp_path_factory) -> dict[str, tuple[str, snippets.Result]]:
    """Every program of ENDINGS run once, in one runner batch (one import of torch, not six)."""
    folder = tmp_path_factory.mktemp("endings")
    paths = {}
    for name, (code, _, _) in ENDINGS.items():
        paths[name] = folder / f"{name.replace('-', '_')}.py"
        paths[name].write_text(code)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(snippets.TIMEOUT_VARIABLE, "1")
        results = snippets.run([str(path) for path in paths.values()])
    return {name: (str(path), results[str(path)]) for name, path in paths.items()}


@pytest.mark.parametrize("name", ENDINGS)
def test_the_runner_says_how_a_snippet_ended(endings, name):
    _, status, how = ENDINGS[name]
    snippet, result = endings[name]
    assert result.status == status
    assert how in result.how
    if status != "ok":
        assert snippet in result.how, "the message names the snippet"


def test_a_traceback_reaches_the_report(endings):
    _, result = endings["exception"]
    assert "ValueError: boom" in result.stderr
