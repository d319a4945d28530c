"""make outputs without PAGE runs only what changed: the record of the last run
(tools/generate/outputs.py, .cache/outputs.json) gives a snippet's output only for the content
it ran with, in the same environment."""

from __future__ import annotations

from tools.generate import outputs
from tools.snippets import Result

SNIPPET = "snippets/clone/cost_in_bytes.py"
OTHER = "snippets/clone/clone_of_a_slice.py"


def test_a_snippet_is_taken_from_the_record_only_with_the_content_it_ran_with(tmp_path):
    record = tmp_path / "outputs.json"
    outputs.write_record(
        {SNIPPET: Result("ok", "recorded\n", "", 1.0), OTHER: Result("error", "", "boom", 1.0)},
        record,
    )
    to_run, known = outputs.split_by_record([SNIPPET, OTHER], outputs.read_record(record))
    assert to_run == [OTHER], "a snippet that failed is run again"
    assert known[SNIPPET].stdout == "recorded\n" and known[SNIPPET].status == "ok"
    edited = outputs.read_record(record)
    edited[SNIPPET]["hash"] = "another content"
    assert outputs.split_by_record([SNIPPET], edited)[0] == [SNIPPET], "edited: run again"


def test_a_record_from_another_environment_is_not_used(tmp_path, monkeypatch):
    record = tmp_path / "outputs.json"
    outputs.write_record({SNIPPET: Result("ok", "recorded\n", "", 1.0)}, record)
    assert outputs.read_record(record)
    monkeypatch.setattr(outputs, "environment", lambda: "torch 9.9, numpy 9, python 3.99")
    assert outputs.read_record(record) == {}
    assert outputs.split_by_record([SNIPPET], outputs.read_record(record))[0] == [SNIPPET]
