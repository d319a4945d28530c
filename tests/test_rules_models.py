"""The models chapter's rules that read the module atlas (tools/rules/catalog/models.py, the
`module-call` cases of tools/space/module_calls.py): they run over every row the atlas measured,
every module kind included, and a row that contradicts a rule makes it fail, naming the row."""

from __future__ import annotations

from tools.generate import module_atlas
from tools.rules import run
from tools.rules.catalog import rules as all_rules
from tools.space import module_calls
from tools.space.core import Case

PLANTED = "m.load_state_dict(snapshot, assign=True) @ tied"


def test_the_cases_are_the_atlas_rows_of_every_module_kind():
    cases = module_calls.cases()
    rows = module_atlas.rows()
    measured = {key for key, row in rows.items() if row["module"] is not None}
    assert {case.key for case in cases} == measured
    kinds = {case["kind"] for case in cases}
    assert {"compiled", "wrapped", "meta", "tied"} <= kinds


def test_a_planted_atlas_row_makes_its_rule_fail_and_names_the_row(monkeypatch):
    planted = []
    for case in module_calls.cases():
        if case.key == PLANTED:  # the atlas measured ties_kept False here: plant True
            row = {**case.build(), "ties_kept": True}
            case = Case(
                case.dimension,
                case.key,
                {**case.facets, "ties_kept": True},
                lambda row=row: dict(row),
                case.describer,
                case.weight,
            )
        planted.append(case)
    monkeypatch.setattr(module_calls, "cases", lambda: tuple(planted))
    rule = next(r for r in all_rules() if r.id == "assign-unties-unless-parameters")
    described: dict = {}
    document = {"rules": [run.run_rule(rule, described)], "cases": described}
    found = run.problems(document)
    assert len(found) == 1, found
    assert found[0].startswith("assign-unties-unless-parameters: `m.load_state_dict(snapshot, ")
    assert found[0].endswith(f"({PLANTED}): tied weights are still one object")
