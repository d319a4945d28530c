"""The module atlas (docs/generated/module-atlas.json, `make module-atlas`): fresh, complete over
the installed torch's public methods, and held to by every sentence that cites one of its rows.

Cost inside `make test`: one subprocess that imports torch and measures SAMPLE plus ROTATING rows
of module kinds that need no compiling and no process group (about 3 s on a quiet 2-core machine,
nearly all of it the import); the rest reads files. The compiled and wrapped kinds, and the calls
that compile or wrap, are measured by `make module-atlas` only.
"""

import datetime
import json
import random
import subprocess
import sys

import pytest
import torch

from tools.generate import module_atlas, module_atlas_probe
from tools.generate.module_atlas_probe import CALLS, EXCLUDED, FIELDS, row_id
from tools.project import DOCS, LANGUAGES
from tools.space.modules import KINDS
from tools.text import catalogue

REGENERATE = f"run `make module-atlas` ({module_atlas.COMMAND})"

# The facts the issue named and a row of each group, re-measured on every run.
SAMPLE = (
    "m.to(torch.float64) @ buffers",
    "m.to(torch.float64) @ tied",
    'm.to_empty(device="cpu") @ meta',
    'm.to("meta") @ tied',
    "m.load_state_dict(snapshot, assign=True) @ plain",
    "m.load_state_dict(snapshot_vars, assign=True) @ meta",
    "copy.deepcopy(m) @ tied",
    "m.state_dict() @ non-persistent",
    "m.requires_grad_(False) @ frozen",
    "opt.load_state_dict(copy.deepcopy(opt.state_dict())) @ plain",
    'm.to("cpu", copy=True) @ plain',
    'm.to("cuda") @ None',
    # Rows a reviewer re-measured by hand whose sentences on the page are easy to get wrong.
    "swapping(lambda: m.to(torch.float64)) @ buffers",
    'swapping(lambda: m.to_empty(device="cpu")) @ meta',
    'm.to("meta") @ plain',
)
ROTATING = 4  # more, chosen by the date


@pytest.fixture(scope="module")
def committed() -> dict:
    return json.loads(module_atlas.JSON.read_text(encoding="utf-8"))


def _cheap(row: dict) -> bool:
    call = next(c for c in CALLS if c.expr == row["call"])
    return row["module"] is not None and not call.heavy and not KINDS[row["module"]].heavy


@pytest.fixture(scope="module")
def checked(committed) -> dict:
    cheap = sorted(row_id(r["call"], r["module"]) for r in committed["rows"] if _cheap(r))
    more = random.Random(datetime.date.today().toordinal()).sample(
        sorted(set(cheap) - set(SAMPLE)), ROTATING
    )
    chosen = [*SAMPLE, *more]
    command = [sys.executable, "-m", "tools.generate.module_atlas", "--check", *chosen]
    done = subprocess.run(command, cwd=module_atlas.ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(command[:4])} failed:\n{done.stderr[-3000:]}"
    return {"chosen": chosen, **json.loads(done.stdout)}


# -- fresh -----------------------------------------------------------------------------------------


def test_the_committed_atlas_is_from_this_torch_and_this_generator(committed, checked):
    now = (checked["torch"].split("+")[0], checked["generator"])
    then = (committed["torch"].split("+")[0], committed["generator"])
    assert now == then, (
        f"module-atlas.json was written by torch {then[0]} with generator {then[1]}; this is "
        f"torch {now[0]} with generator {now[1]}. {REGENERATE}"
    )


def test_a_sample_of_rows_is_what_torch_does_now(checked):
    rows = module_atlas.rows()
    stale = [
        f"{i}: committed {rows.get(i)}, now {row}"
        for i, row in zip(checked["chosen"], checked["rows"], strict=True)
        if rows.get(i) != row
    ]
    assert not stale, f"rows that no longer match what torch does: {stale}; {REGENERATE}"


def test_the_committed_pages_are_rendered_from_the_committed_json(committed):
    for path, text in module_atlas.outputs(committed).items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name}: {REGENERATE} --render"


def test_every_call_and_kind_has_its_rows_and_enough_are_measured(committed):
    expected = set()
    for call in CALLS:
        if call.needs:
            expected.add(row_id(call.expr, None))
        else:
            expected |= {row_id(call.expr, k) for k in KINDS if call.only is None or k in call.only}
    assert {row_id(r["call"], r["module"]) for r in committed["rows"]} == expected, REGENERATE
    measured = [r for r in committed["rows"] if any(r[f] is not None for f in FIELDS)]
    assert len(measured) >= 150
    for row in committed["rows"]:  # a row that was not measured says why, field by field
        assert all(row["why"].get(f) for f in FIELDS if row[f] is None), row_id(
            row["call"], row["module"]
        )


def test_each_measured_field_answers_both_ways_somewhere(committed):
    """No column is a constant: each is yes on some row and no on another."""
    for field in FIELDS:
        values = {json.dumps(r[field]) for r in committed["rows"]}
        assert {"true", "false"} <= values, f"{field} only ever measured {sorted(values)}"


# -- complete --------------------------------------------------------------------------------------


def test_every_public_method_has_a_row_or_a_stated_reason():
    """A public method a new torch adds fails here until it gets a call or a reason."""
    covered = {method for call in CALLS for method in call.covers}
    public = set(module_atlas_probe.public_methods())
    missing = sorted(public - covered - set(EXCLUDED))
    assert not missing, (
        f"public methods with neither a call in CALLS nor a reason in EXCLUDED: {missing}"
    )
    assert not covered & set(EXCLUDED), "a method both covered and excluded"
    gone = sorted(m for m in EXCLUDED if m not in public)
    assert not gone, f"EXCLUDED lists methods this torch does not have: {gone}"
    for language in LANGUAGES:
        words = catalogue("module-atlas", language)
        for reason in set(EXCLUDED.values()):
            assert words.section("excluded")(reason)


def test_the_coverage_check_sees_a_method_it_does_not_know(monkeypatch):
    monkeypatch.setattr(torch.nn.Module, "clone_weights", lambda self: None, raising=False)
    with pytest.raises(AssertionError, match="Module.clone_weights"):
        test_every_public_method_has_a_row_or_a_stated_reason()


# -- held to by the sentences that cite it ---------------------------------------------------------


def _pages() -> list:
    return sorted(DOCS.glob("*.md"))


def test_no_sentence_contradicts_the_row_it_cites(committed):
    problems = []
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        problems += module_atlas.contradictions(text, page.name, committed["rows"])
    assert not problems, "\n" + "\n".join(problems)


def test_each_page_and_its_translation_cite_the_same_rows_for_the_same_values():
    for page in _pages():
        if page.name.endswith(".zh.md"):
            continue
        twin = page.with_name(page.name.removesuffix(".md") + ".zh.md")

        def said(path):
            return [(m["call"], m["module"], m["claims"]) for m in module_atlas.markers(
                path.read_text(encoding="utf-8"))]  # fmt: skip

        assert said(page) == said(twin), (
            f"{page.name} and {twin.name} cite different rows or values"
        )


def test_the_check_finds_a_planted_contradiction(committed):
    planted = (
        "`Module.to()` converts the buffers in place and keeps them "
        "([row](module-atlas.md#call-m-to-torch-float64)<!-- module-atlas: m.to(torch.float64) @ "
        "buffers: buffers_same_object=true, parameters_same_object=true -->).\n"
        "A marker without its link<!-- module-atlas: copy.deepcopy(m) @ tied: ties_kept=true -->, "
        "and one naming no row ([x](#call-m-foo))"
        "<!-- module-atlas: m.foo() @ plain: raises=true -->."
    )
    problems = module_atlas.contradictions(planted, "planted.md", committed["rows"])
    assert problems == [
        "planted.md:1: m.to(torch.float64) @ buffers: the sentence says buffers_same_object=true, "
        'the row says "some"',
        "planted.md:2: copy.deepcopy(m) @ tied: "
        "the marker must follow a link to #call-copy-deepcopy-m",
        "planted.md:2: m.foo() @ plain: no such row in module-atlas.json",
    ]


def test_every_reason_a_row_gives_has_its_words_in_each_language(committed):
    """The JSON names why a cell is empty by a key; each has its sentence in every language."""
    reasons = {why for row in committed["rows"] for why in row.get("why", {}).values()}
    for language in LANGUAGES:
        words = catalogue("module-atlas", language)
        assert all(words.section("why")(reason) for reason in reasons)
