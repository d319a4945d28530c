"""The error and warning index (tools/generate/errors.py): current, complete, and findable."""

from __future__ import annotations

import re

import pytest
import yaml

from tools import pages, project
from tools.generate import errors

QUERIES = project.ROOT / "tests" / "data" / "error_queries.yml"
# Messages readers meet (issue 24) that a snippet on this site prints: each must have an entry.
MUST_HAVE = [
    "has been modified by an inplace operation",
    "a leaf Variable that requires grad is being used in an in-place operation",
    "Can't call numpy() on Tensor that requires grad",
    "more than one element of the written-to tensor refers to a single memory location",
    "view size is not compatible with input tensor's size and stride",
    "To copy construct from a tensor, it is recommended to use",
]


@pytest.fixture(scope="module")
def entries():
    return errors.index()


@pytest.mark.parametrize("language", project.LANGUAGES)
def test_the_committed_index_is_rendered_from_the_pages_as_they_are(language):
    path = errors.OUTPUTS[language]
    fresh = errors.outputs()[path]
    assert path.read_text(encoding="utf-8") == fresh, (
        f"{path.relative_to(project.ROOT)} is stale (a snippet's output changed or a new message "
        "is printed): run `python -m tools.generate.errors`"
    )


def test_the_pages_include_the_index():
    for language in project.LANGUAGES:
        text = project.page_path("errors", language).read_text(encoding="utf-8")
        assert f'--8<-- "docs/generated/errors.{language}.md"' in text


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("RuntimeError: boom.", ("RuntimeError", "boom.")),
        ("w.add_(1)        RuntimeError: a leaf", ("RuntimeError", "a leaf")),
        ("deepcopy(y): RuntimeError: Only Tensors", ("RuntimeError", "Only Tensors")),
        ("warning: UserWarning: To copy", ("UserWarning", "To copy")),
        ("  torch.OutOfMemoryError: CUDA out", ("torch.OutOfMemoryError", "CUDA out")),
        ("warning: 'pin_memory' is set", ("warning", "'pin_memory' is set")),
        ("a warning: not at the start", None),
        ("grid.add_(1)   raises RuntimeError", None),
        ("y.detach().zero_()   _version 1 | RuntimeError at backward", None),
        ("e[:] = [1., 2., 3.]  refused: RuntimeError", None),
        ("shares storage: True", None),
        ("MyErrorCount: 3", None),
    ],
)  # fmt: skip
def test_a_message_is_recognised_by_type_and_text(line, found):
    assert errors.recognise(line) == found


def test_messages_that_begin_alike_share_an_entry():
    size = "The size of tensor a ({}) must match the size of tensor b ({}) at dimension 1"
    one, two = size.format(3, 2), size.format(6, 3)
    assert errors.group_key("RuntimeError", one) == errors.group_key("RuntimeError", two)
    inplace = (
        "one of the variables needed for gradient computation has been modified by an inplace "
        "operation: [torch.FloatTensor [3]], which is output 0 of {}, is at version 1"
    )
    assert errors.key_text(inplace.format("Exp")) == errors.key_text(inplace.format("Sigmoid"))
    assert errors.key_text("view size is bad (at least one: two). Use .reshape(...) instead.") == (
        "view size is bad (at least one: two)"
    )
    leaf = "a leaf Variable that requires grad is being used in an in-place operation."
    assert errors.group_key("RuntimeError", leaf) != errors.group_key(
        "RuntimeError", "a view of " + leaf
    )
    assert errors.group_key("RuntimeError", leaf) != errors.group_key("ValueError", leaf)


def test_the_messages_readers_meet_have_entries(entries):
    for text in MUST_HAVE:
        assert any(text in w for e in entries for w in e.wordings), f"no entry shows {text!r}"


def test_every_entry_says_where_it_is_printed_and_links_resolve(entries):
    for entry in entries:
        assert entry.places, entry.heading
        for place in entry.places:
            for language in project.LANGUAGES:
                page = project.page_path(place.page, language)
                text = page.read_text(encoding="utf-8")
                assert place.snippet in {e.snippet for e in pages.examples(text)}, (page, place)
                if place.anchor:
                    assert place.anchor in {h.anchor for h in pages.headings(text)}, (page, place)


def test_every_note_belongs_to_an_entry_and_its_fix_exists(entries):
    for note in errors.NOTES:
        assert any(errors.note_for(e) is note for e in entries), f"no entry for {note['match']!r}"
        page, _, anchor = note["fix"].partition("#")
        for language in project.LANGUAGES:
            text = project.page_path(page.removesuffix(".md"), language).read_text("utf-8")
            if anchor:
                assert anchor in {h.anchor for h in pages.headings(text)}, note["fix"]


def test_other_releases_wordings_come_from_the_versions_run(entries):
    inplace = next(e for e in entries if "modified by an inplace operation" in e.heading)
    said = [w for others in inplace.elsewhere.values() for w in others]
    assert any("SigmoidBackward0" in w for w in said), "2.12.1 and earlier name the node class"
    assert all(w.startswith("RuntimeError: ") for w in said)
    for entry in entries:
        for wording, others in entry.elsewhere.items():
            assert wording in entry.wordings
            assert f"{entry.kind}: {wording}" not in others, "a release that says the same"


def test_a_release_whose_snippet_failed_adds_no_wording():
    """A snippet that died with a release printed only its first lines: the lines it never
    reached are no "prints no such line" of that release."""
    message = "RuntimeError: boom happened"
    entry = errors.Entry(kind="RuntimeError", key="boom happened", wordings=["boom happened"])
    stopped = {"status": "fails", "pinned_output": f"a\n{message}\n", "release_output": "a\n"}
    reworded = {"status": "differs", "pinned_output": f"a\n{message}\n",
                "release_output": "a\nRuntimeError: boom, said otherwise\n"}  # fmt: skip
    versions = {"releases": [{"release": "2.0.1", "differences": {"s.py": stopped}},
                             {"release": "2.4.1", "differences": {"s.py": reworded}}]}  # fmt: skip
    errors.add_other_releases({entry.heading: entry}, versions)
    assert entry.elsewhere == {"boom happened": {"RuntimeError: boom, said otherwise": ["2.4.1"]}}


def test_the_search_queries_are_those_of_the_index(entries):
    assert QUERIES.read_text(encoding="utf-8") == errors.queries(entries), (
        f"{QUERIES.name} is stale: run `python -m tools.generate.errors --queries`"
    )


def test_the_search_queries_are_verbatim_messages_with_their_entry(entries):
    queries = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))
    anchors = {e.anchor: e for e in entries}
    assert {q["lang"] for q in queries} == set(project.LANGUAGES)
    for language in project.LANGUAGES:
        asked = [q for q in queries if q["lang"] == language]
        assert {q["answer"] for q in asked} == {f"errors/#{a}" for a in anchors}, (
            f"{QUERIES.name}: every entry, and only those, once per language ({language})"
        )
        rendered = errors.OUTPUTS[language].read_text(encoding="utf-8")
        for query in asked:
            anchor = re.fullmatch(r"errors/#(.+)", query["answer"])[1]
            entry = anchors[anchor]
            shown = {f"{entry.kind}: {w}" for w in entry.wordings} | set(entry.wordings)
            assert query["query"] in shown, query
            assert f"{{ #{anchor} }}" in rendered
