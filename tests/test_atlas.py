"""The operator atlas: its probes (each seen answering both ways), its coverage of PyTorch's
catalogue, its agreement with PyTorch's own list of views (tests/data/pytorch_views.json), and the
freshness of what `make atlas` committed.

Cost inside `make test`: one run of the generator in a subprocess (PYTHONHASHSEED=0, as `make
atlas` runs), which imports torch and the catalogue (`op_db`) and re-measures len(FIXED) +
ROTATING operators: about 7 s on a quiet 2-core machine, nearly all of it the imports. When the
committed JSON was written by another torch or another version of the generator, every operator
is re-measured (about a minute more) to say how many rows changed, and the test fails asking for
`make atlas`.
"""

import datetime
import json
import os
import random
import re
import subprocess
import sys

import pytest
import torch

from tools.generate import atlas, atlas_probe, atlas_render

JSON = atlas.GENERATED / "atlas.json"
REGENERATE = f"run `make atlas` ({atlas.COMMAND})"

# A varied handful, re-measured on every run: views, conditional rows decided by layout, by an
# argument and by dtype, ops that return their input, copies, an in-place family, an op that
# aliases another argument than its input, one without a schema.
FIXED = ("reshape", "flatten", "contiguous", "nn.functional.dropout", "float", "positive",
         "__getitem__", "expand", "add", "tril", "histogramdd", "atleast_1d", "real", "swapaxes",
         "detach", "indices.sparse_coo")  # fmt: skip
ROTATING = 4  # more, chosen by the date: over a month the test sees another 120 or so


@pytest.fixture(scope="module")
def committed() -> dict:
    return json.loads(JSON.read_text(encoding="utf-8"))


def generator(*arguments: str) -> dict:
    """The generator's --check output: every OpInfo's key, and entries measured now."""
    command = [sys.executable, "-m", "tools.generate.atlas", *arguments]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        command, cwd=atlas.ROOT, env=environment, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout)


def rotating(keys: list[str], day: datetime.date) -> list[str]:
    return random.Random(day.toordinal()).sample(keys, ROTATING)


@pytest.fixture(scope="module")
def checked(committed) -> dict:
    """FIXED and a few more chosen by the date, measured now. Operators that crashed the
    generator's worker are not chosen: this run has no worker to lose."""
    entries = _entries(committed)
    safe = [k for k in entries if "worker process died" not in entries[k].get("skipped", "")]
    chosen = list(FIXED) + rotating(sorted(set(safe) - set(FIXED)), datetime.date.today())
    return {"chosen": chosen, **generator("--check", *chosen)}


def _entries(data: dict) -> dict[str, dict]:
    return {entry["key"]: entry for entry in data["rows"] + data["skipped"]}


def _release(version: str) -> str:
    # A CUDA build of the same release measures the same CPU rows: only the build tag differs.
    return version.split("+")[0]


# -- probes, each answering yes and no -------------------------------------------------------------


def test_shares_memory_sees_a_view_and_not_a_copy():
    a = torch.arange(6.0)
    assert atlas_probe.shares_memory(a, a[2:])
    assert not atlas_probe.shares_memory(a, a[2:].clone())


def test_shares_memory_tells_an_empty_view_from_an_empty_copy():
    a = torch.empty(0, 3)
    assert atlas_probe.shares_memory(a, a.view(3, 0))
    assert not atlas_probe.shares_memory(a, a.clone())


def test_relation_tells_each_kind_apart():
    a = torch.arange(6.0)
    inputs = [("input", a)]
    assert atlas_probe.relation(inputs, a) == ("same", "input")
    assert atlas_probe.relation(inputs, a.view(2, 3)) == ("shares", "input")
    assert atlas_probe.relation(inputs, a + 1) == ("new", None)
    assert atlas_probe.relation(inputs, a.sum().item()) == ("other", None)


def test_relation_looks_at_every_output_and_every_input():
    a, other = torch.arange(6.0), torch.arange(3.0)
    inputs = [("input", a), ("args[0]", other)]
    assert atlas_probe.relation(inputs, (a + 1, a[1:])) == ("shares", "input")
    assert atlas_probe.relation(inputs, (a + 1, other)) == ("same", "args[0]")
    assert atlas_probe.relation(inputs, (a + 1, other + 1)) == ("new", None)


def test_a_call_that_raises_is_recorded_as_raising():
    class Raises:
        def __call__(self, x):
            raise RuntimeError("no\nsecond line")

    record = atlas_probe.run_sample(Raises(), "catalogue", torch.ones(2), (), {}, torch.float32)
    assert record["kind"] == "raises" and record["error"] == "RuntimeError: no"
    record = atlas_probe.run_sample(lambda x: x, "catalogue", torch.ones(2), (), {}, torch.float32)
    assert record["kind"] == "same" and "error" not in record


def test_write_reaches_through_a_view_and_not_into_a_copy():
    a = torch.arange(6.0)
    assert atlas_probe.write_reaches(a, a[1:]) is True
    b = torch.arange(6.0)
    assert atlas_probe.write_reaches(b, b.clone()) is False


def test_write_reaches_is_none_when_the_write_raises_and_ignores_nan():
    a = torch.arange(3.0)
    assert atlas_probe.write_reaches(a, a.expand(2, 3)) is None
    nan = torch.full((2,), float("nan"))
    assert atlas_probe.write_reaches(nan, nan.clone()) is False


def test_inplace_facts_of_a_real_inplace_op():
    facts = atlas_probe.inplace_facts(
        torch.Tensor.add_, lambda: torch.arange(6.0).view(2, 3), (1,), {}
    )
    assert facts["returns_self"] and facts["storage_kept"] and facts["version_bumped"]
    assert facts["raises_on_leaf"] and facts["raises_on_leaf_view"] and facts["raises_on_expanded"]


def test_inplace_facts_of_functions_that_break_each_rule():
    def make():
        return torch.arange(6.0).view(2, 3)

    def identity(x):
        return x

    facts = atlas_probe.inplace_facts(identity, make, (), {})
    assert facts["returns_self"] and facts["storage_kept"]
    assert not facts["version_bumped"]
    assert not facts["raises_on_leaf"] and not facts["raises_on_leaf_view"]
    assert not facts["raises_on_expanded"]

    def new_storage(x):
        return x.set_(torch.zeros(2, 3))

    with torch.no_grad():
        facts = atlas_probe.inplace_facts(new_storage, make, (), {})
    assert not facts["storage_kept"]
    assert not atlas_probe.inplace_facts(lambda x: x.clone(), make, (), {})["returns_self"]


def test_inplace_facts_without_a_dimension_to_expand_or_grad_to_require():
    facts = atlas_probe.inplace_facts(
        torch.Tensor.add_, lambda: torch.ones(1, dtype=torch.int64), (1,), {}
    )
    assert facts["raises_on_expanded"] is None and facts["raises_on_leaf"] is None


def test_the_added_inputs_keep_shape_and_values():
    x = torch.arange(6.0).view(2, 3)
    for built in (atlas_probe.non_contiguous(x), atlas_probe.non_contiguous(torch.arange(4.0))):
        assert not built.is_contiguous()
    assert torch.equal(atlas_probe.non_contiguous(x), x)
    expanded = atlas_probe.expand_input(x)
    assert expanded.shape == x.shape and 0 in expanded.stride()
    assert atlas_probe.expand_input(torch.ones(1, 1)) is None
    assert (
        atlas_probe.zero_size(x).shape == (0, 3)
        and atlas_probe.zero_size(torch.tensor(1.0)) is None
    )


def test_traits_name_layout_size_dtype_and_arguments():
    x = torch.arange(6.0).view(2, 3)
    traits = atlas_probe.traits_of([("input", x.t())], (), {"p": 0.5}, torch.float32)
    assert {"non-contiguous", "p=0.5"} <= set(traits) and "contiguous" not in traits
    traits = atlas_probe.traits_of([("input", x)], ([0, 1],), {}, torch.float32)
    assert {"contiguous", "argument-list-or-tensor"} <= set(traits)
    traits = atlas_probe.traits_of([("input", x.double()[:0])], (), {}, torch.float32)
    assert {"zero-size", "dtype=float64"} <= set(traits)


def test_explain_finds_the_deciding_trait_or_says_there_is_none():
    def sample(kind, *traits):
        return {"kind": kind, "traits": list(traits)}

    assert atlas_probe.explain([sample("new", "a"), sample("new", "b")]) is None
    found = atlas_probe.explain(
        [sample("shares", "contiguous"), sample("shares", "contiguous"), sample("new", "nc")]
    )
    assert found == {"when": [["new", "or", ["nc"]]], "otherwise": "shares"}
    found = atlas_probe.explain(
        [sample("same", "p=0"), sample("same", "eval"), sample("new", "train", "p=1")]
    )
    assert found["otherwise"] == "same" and found["when"][0][0] == "new"
    assert atlas_probe.explain([sample("new", "x"), sample("shares", "x")]) == {"unexplained": True}


def test_declared_aliasing_is_read_from_the_schema():
    def schema(name):
        return torch._C._jit_get_schemas_for_operator(name)[0]

    assert atlas_probe.declares_alias(schema("aten::reshape"))
    assert not atlas_probe.declares_alias(schema("aten::add"))
    out = next(s for s in torch._C._jit_get_schemas_for_operator("aten::add") if s.is_mutable)
    assert not atlas_probe.declares_alias(out)


def test_agreement_both_ways():
    alias, none = {"kind": "alias"}, {"kind": "none"}
    assert atlas_probe.agreement(alias, {"shares", "new"}) == "agrees"
    assert atlas_probe.agreement(alias, {"new"}) == "unobserved"
    assert atlas_probe.agreement(none, {"new"}) == "agrees"
    assert atlas_probe.agreement(none, {"same"}) == "undeclared"
    assert atlas_probe.agreement(None, {"same"}) is None
    assert atlas_probe.agreement(none, {"raises"}) is None


def test_calls_inplace_method_only_for_a_wrapper_around_one():
    class Op:
        def __init__(self, op, aten_name):
            self.op, self.aten_name = op, aten_name

    assert atlas_probe.calls_inplace_method(Op(lambda x: torch.Tensor.uniform_(x), "uniform"))
    assert not atlas_probe.calls_inplace_method(Op(lambda x: torch.relu(x), "relu"))
    assert not atlas_probe.calls_inplace_method(Op(torch.nn.functional.relu, "relu"))


def test_combine_and_anchor():
    assert atlas_probe.combine([True, None, True]) is True
    assert atlas_probe.combine([True, False]) == "sometimes"
    assert atlas_probe.combine([None]) is None
    assert atlas_probe.anchor("reshape") == "op-reshape"
    assert atlas_probe.anchor("nn.functional.dropout") == "op-nn-functional-dropout"
    assert atlas_probe.anchor("__rsub__") != atlas_probe.anchor("rsub")
    assert atlas_probe.anchor("T") != atlas_probe.anchor("t")


# -- coverage and rendering ------------------------------------------------------------------


def test_every_opinfo_has_a_row_or_a_skip_entry(committed, checked):
    keys = checked["keys"]
    entries = _entries(committed)
    assert set(keys) == set(entries), REGENERATE
    assert len(committed["rows"]) + len(committed["skipped"]) == len(keys)
    assert all(entry["skipped"] for entry in committed["skipped"])
    anchors = [entry["anchor"] for entry in entries.values()]
    assert len(anchors) == len(set(anchors))


def test_the_committed_tables_are_rendered_from_the_committed_json(committed):
    for path, text in atlas.outputs(committed).items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name}: {REGENERATE} --render"


@pytest.mark.parametrize("language", atlas.LANGUAGES)
def test_the_page_holds_each_line_s_summary_and_the_details_file_the_rest(committed, language):
    """The list in the page: one summary per operator, nothing else in a line (what it opens on
    is in the details file, one entry per line, in the same order), in parts of at most
    PART_ROWS lines that say how many they hold (extra.css sizes a part off screen by it)."""
    page = atlas_render.render(committed, language)
    found = json.loads(atlas_render.details_json(committed, language))
    anchors = re.findall(r'<details class="atlas-op" id="([^"]+)"', page)
    assert anchors == [row["anchor"] for row in committed["rows"]] == list(found)
    assert all(found.values())
    assert page.count("</summary></details>") == len(anchors)
    parts = re.findall(
        r'<div class="atlas-part" style="--rows: (\d+); --lines: \d+; --lines-wide: \d+">'
        r"\n(.*?)\n</div>",
        page,
        re.S,
    )
    counts = [body.count('<details class="atlas-op"') for _, body in parts]
    assert [int(n) for n, _ in parts] == counts and sum(counts) == len(anchors)
    assert max(counts) == atlas_render.PART_ROWS
    assert f'data-details="{atlas_render.DETAILS_URL}"' in page


def test_the_labels_have_the_same_keys_in_both_languages():
    labels = atlas_render.labels()

    def shape(value):
        if isinstance(value, dict):
            return {key: shape(item) for key, item in value.items()}
        return len(value) if isinstance(value, list) else type(value).__name__

    assert shape(labels["en"]) == shape(labels["zh"])
    assert set(labels["en"]["kinds"]) == {*atlas_probe.KINDS, "conditional"}


@pytest.mark.parametrize("language", atlas.LANGUAGES)
def test_links_on_the_page_land_on_a_row_or_heading(language):
    suffix = "" if language == "en" else ".zh"
    page = (atlas.ROOT / f"docs/atlas{suffix}.md").read_text(encoding="utf-8")
    table = (atlas.GENERATED / f"atlas.{language}.md").read_text(encoding="utf-8")
    targets = set(re.findall(r'id="([^"]+)"', table))
    targets |= set(re.findall(r"\{ #([\w-]+) \}", page + table))
    links = set(re.findall(r"\]\(#([\w-]+)\)", page))
    assert links and links <= targets, f"no such anchor: {sorted(links - targets)}"


# -- freshness ------------------------------------------------------------------------------------


def test_the_committed_atlas_is_from_this_torch_and_this_generator(committed, checked):
    """When either changed, every operator is measured again: the message says how many rows
    changed, and the JSON must be regenerated in any case, since it names both."""
    now = (_release(checked["torch"]), checked["generator"])
    then = (_release(committed["torch"]), committed["generator"])
    if now == then:
        return
    fresh = {entry["key"]: entry for entry in generator("--check-all")["entries"]}
    old = _entries(committed)
    changed = sorted(key for key in fresh.keys() | old.keys() if fresh.get(key) != old.get(key))
    pytest.fail(
        f"atlas.json was generated by torch {then[0]} with generator {then[1]}; this is torch "
        f"{now[0]} with generator {now[1]}. {len(changed)} rows measure differently now "
        f"({', '.join(changed[:20])}). Regenerate: {REGENERATE}"
    )


def test_a_sample_of_rows_is_what_torch_does_now(committed, checked):
    entries = _entries(committed)
    stale = [e["key"] for e in checked["entries"] if e != entries[e["key"]]]
    assert not stale, (
        f"rows that no longer match what torch does: {stale} (of {checked['chosen']}); {REGENERATE}"
    )


# -- the page's prose, held to the data ----------------------------------------------------------

# What docs/atlas.md and atlas.zh.md say about named rows ("Rows that surprise"). When a torch
# upgrade changes one of these, `make atlas` changes the JSON and this test names the sentence to
# rewrite in both languages.
CLAIMS = {
    "positive": {"result": "same"},
    "resolve_conj": {"result": "same"},
    "resolve_neg": {"result": "same"},
    "conj": {"kinds": ["same", "shares"]},
    "real": {"kinds": ["same", "shares"]},
    "conj_physical": {"kinds": ["same", "new"], "agreement": "undeclared"},
    "atleast_1d": {"kinds": ["same", "shares"], "agreement": "undeclared"},
    "atleast_2d": {"kinds": ["same", "shares"]},
    "float": {"kinds": ["same", "new"]},
    "double": {"kinds": ["same", "new"]},
    "to": {"kinds": ["same", "new"]},
    "contiguous": {"kinds": ["same", "new"]},
    "flatten": {"kinds": ["same", "shares", "new"]},
    "cartesian_prod": {"kinds": ["same", "new"], "agreement": "undeclared"},
    "histogramdd": {"kinds": ["same", "new"], "aliased_inputs": ["args[0][0]"]},
    "nn.functional.dropout": {"kinds": ["same", "new"], "agreement": "undeclared"},
    "nn.functional.alpha_dropout": {"kinds": ["same", "new"]},
    "nn.functional.dropout2d": {"kinds": ["same", "new"]},
    "nn.functional.dropout3d": {"kinds": ["same", "shares", "new"]},
    "long": {"kinds": ["same", "new"]},
    "cfloat": {"kinds": ["same", "new"]},
    "mT": {"kinds": ["same", "shares"]},
    "reshape": {"kinds": ["shares", "new"]},
    "ravel": {"kinds": ["shares", "new"]},
    "__getitem__": {"kinds": ["shares", "new"]},
    "nn.functional.local_response_norm": {"kinds": ["same", "new"]},
    "nn.functional.channel_shuffle": {"kinds": ["shares", "new"], "agreement": "undeclared"},
    "unbind": {"kinds": ["shares", "other"]},
    "broadcast_tensors": {"kinds": ["same", "shares"], "agreement": "undeclared"},
    "meshgrid.list_of_tensors": {"agreement": "undeclared"},
    "unsafe_split": {"result": "shares", "agreement": "undeclared"},
    "add": {"inplace.raises_on_expanded": True},
    "tril": {"inplace.raises_on_expanded": False},
    "triu": {"inplace.raises_on_expanded": False},
    "masked_fill": {"inplace.raises_on_expanded": False},
    "index_put": {"inplace.raises_on_expanded": False},
    "addmv": {"inplace.raises_on_expanded": False},
    "baddbmm": {"inplace.raises_on_expanded": False},
    "nn.functional.threshold": {"inplace.raises_on_expanded": False},
    "fill": {"inplace.raises_on_expanded": False},
    "zero_": {"inplace.raises_on_expanded": False},
    "t": {"inplace.raises_on_expanded": False},
    "logical_not": {"inplace.raises_on_leaf": False},
    "logical_and": {"inplace.raises_on_leaf": False},
}


def test_what_the_page_says_about_named_rows_is_in_the_data(committed):
    rows = {row["key"]: row for row in committed["rows"]}
    wrong = []
    for key, expected in CLAIMS.items():
        for field, value in expected.items():
            found = rows[key]
            for part in field.split("."):
                found = found[part]
            if found != value:
                wrong.append(f"{key}.{field} is {found!r}, the page says {value!r}")
    # The catalogue's own in-place variants: an alias's (`clip_` for `clamp_`) is the same one.
    inplace = [row["inplace"] for row in rows.values() if row["inplace"] and "alias_of" not in row]
    raising = sum(facts.get("raises_on_expanded") is True for facts in inplace)
    if (raising, len(inplace)) != (131, 163):
        wrong.append(f"{raising} of {len(inplace)} in-place variants raise on an expanded input")
    assert not wrong, f"rewrite those sentences in docs/atlas.md and atlas.zh.md: {wrong}"


# -- PyTorch's own list of views -------------------------------------------------------------------

PYTORCH_VIEWS = atlas.ROOT / "tests" / "data" / "pytorch_views.json"
# What each wording of PyTorch's list allows the atlas row to measure, without an explanation.
SAYS = {
    "view": ["shares"],
    "view or new tensor": ["shares", "new"],
    "itself or a copy": ["same", "new"],
    "view for basic indexing, copy for advanced indexing (its note)": ["shares", "new"],
}


@pytest.fixture(scope="module")
def pytorch_views() -> dict:
    return json.loads(PYTORCH_VIEWS.read_text(encoding="utf-8"))


def _measured(row: dict) -> list[str]:
    """The kinds of the row's calls that returned (a call that raised says nothing here)."""
    return [kind for kind in row["kinds"] if kind != "raises"]


def test_pytorch_views_data_names_its_sources(pytorch_views):
    for source in pytorch_views["sources"].values():
        assert re.fullmatch(r"[0-9a-f]{40}", source["commit"]) and source["path"]
    assert _release(torch.__version__) == pytorch_views["torch"], (
        "the atlas is measured with another torch: check tests/data/pytorch_views.json against "
        "that release's docs/source/tensor_view and test/test_view_ops.py"
    )
    for entry in pytorch_views["view_list"]:
        if entry["expect"] != SAYS[entry["says"]]:
            assert entry.get("explained"), f"{entry['atlas']}: a disagreement needs its reason"


def test_every_op_on_pytorchs_view_list_has_a_row_that_agrees(committed, pytorch_views):
    """Each entry of the Tensor Views page, and each op test_view_ops.py asserts a view: a row
    whose measured kinds are what PyTorch says, or what the entry's explanation says instead."""
    rows = {row["key"]: row for row in committed["rows"]}
    wrong = []
    for entry in pytorch_views["view_list"] + pytorch_views["also_views_in_tests"]:
        row = rows.get(entry["atlas"])
        if row is None:
            wrong.append(f"{entry['atlas']}: no row")
        elif _measured(row) != entry["expect"]:
            wrong.append(f"{entry['atlas']}: measured {_measured(row)}, expected {entry['expect']}")
    for entry in pytorch_views["absent"]:
        if hasattr(torch, entry["entry"]):
            wrong.append(f"torch.{entry['entry']} exists now: measure it")
    assert not wrong, f"the atlas disagrees with PyTorch's list of views: {wrong}"


def test_the_calls_pytorchs_tests_assert_measure_as_the_tests_say(committed, pytorch_views):
    rows = {row["key"]: row for row in committed["rows"]}
    wrong = []
    for fact in pytorch_views["calls"]:
        records = [s for s in rows[fact["atlas"]]["samples"] if s["source"] == "test_view_ops"]
        found = [s["kind"] for s in records[fact["of"] : fact["of"] + len(fact["expect"])]]
        if found != fact["expect"]:
            wrong.append(f"{fact['atlas']} ({fact['test']}): {found}, expected {fact['expect']}")
    for fact in pytorch_views["dtype_calls"]:
        kinds = {s["kind"] for s in rows[fact["atlas"]]["samples"] if s["source"] == fact["source"]}
        if kinds != {fact["expect"]}:
            wrong.append(f"{fact['atlas']} ({fact['test']}): {sorted(kinds)}")
    assert not wrong, f"rows that contradict test/test_view_ops.py: {wrong}"
