"""The one page model (tools/pages.py) reads the sample page the way MkDocs renders it."""

import pytest

from tools import pages, project

SAMPLE = (project.ROOT / "tests" / "data" / "sample.md").read_text(encoding="utf-8")


def _kinds(blocks):
    return [type(block).__name__ for block in blocks]


def test_the_top_level_blocks_in_order():
    assert _kinds(pages.blocks(SAMPLE)) == [
        "Heading", "Paragraph", "Heading", "ListBlock", "Table", "Admonition",
        "Heading", "Tab", "Tab", "Fence",
    ]  # fmt: skip


def test_containers_hold_their_blocks():
    found = pages.blocks(SAMPLE)
    listed = found[3]
    assert [f.lang for f in listed.fences] == ["python", "text"]
    admonition = found[5]
    assert (admonition.kind, admonition.title, admonition.collapsible) == (
        "warning",
        "Careful",
        False,
    )
    assert _kinds(admonition.body) == ["Paragraph", "Fence", "Fence"]
    assert [tab.label for tab in found[7:9]] == ["One", "Two"]
    assert _kinds(found[7].body) == ["Paragraph"]


def test_headings_carry_their_anchors():
    assert [(h.level, h.title, h.anchor) for h in pages.headings(SAMPLE)] == [
        (1, "A sample page", "sample"),
        (2, "First section", "first"),
        (2, "Second section", "second"),
    ]


def test_examples_pair_each_include_with_its_output_even_when_indented():
    found = pages.examples(SAMPLE)
    assert [e.snippet for e in found] == [
        "tests/data/snippets/slice_is_a_view.py",
        "tests/data/snippets/clone_is_a_copy.py",
    ]
    first = "c shares a's storage: False\n"
    assert all(e.output is not None for e in found)
    assert found[1].output.body == first + "a after writing c[0]: tensor([0., 1., 2., 3.])\n"
    assert all(e.output.indent == "    " for e in found)
    body = SAMPLE[found[1].output.body_start : found[1].output.body_end]
    assert body.startswith("    " + first + "    a after writing c[0]")


def test_an_output_must_follow_its_include_directly():
    text = '```python\n--8<-- "snippets/x.py"\n```\n\nA paragraph.\n\n```text\nout\n```\n'
    assert pages.examples(text)[0].output is None


def test_an_unclosed_fence_is_an_error_with_its_line():
    with pytest.raises(ValueError, match="line 3: code fence is never closed"):
        pages.blocks("# T\n\n```python\nprint(1)\n")


def test_matches_is_doctest_style():
    assert pages.matches("a: ...\nb\n", "a: anything at all\nb\n")
    assert not pages.matches("a: ...\nb\n", "a: x\nc\n")
