"""The module atlas's rows as cases: one call (`m.to("meta")`, `m.load_state_dict(snapshot,
assign=True)`, `copy.deepcopy(m)`, `torch.optim.SGD(m.parameters(), lr=0.1)`, ...) on one module
kind of tools/space/modules.py, every kind included (compiled and wrapped too, which the
`module` dimension leaves out as too slow to build here).

These cases do not measure anything: each builds the row that `make module-atlas` measured and
committed in docs/generated/module-atlas.json (tools.generate.module_atlas.rows()), so a rule
about these calls reads the same facts the module atlas page shows. The facets are the row's:
`call`, `kind` (the module kind), `family`, `holder`, the measured fields (True, False, "some"
or None), and `raises` where the call raised (then the row holds the error, not measurements). A
row the atlas could not measure here (one that needs a GPU) is left out.
"""

from __future__ import annotations

import functools

from tools.space.core import Case, words


def _describe(case: Case, language: str) -> str:
    from tools.space.modules import KINDS

    return words(language)(
        "together", first=f"`{case['call']}`", second=KINDS[case["kind"]].describe(language)
    )


@functools.cache
def cases() -> tuple[Case, ...]:
    from tools.generate.module_atlas import rows
    from tools.generate.module_atlas_probe import FIELDS

    found = []
    for key, row in rows().items():
        if row["module"] is None:
            continue
        facets = {**{k: v for k, v in row.items() if k != "module"}, "kind": row["module"]}
        facets["raises"] = row.get("raises")
        for field in (*FIELDS, "holder"):  # a row that raised has no measurements
            facets.setdefault(field, None)
        weight = 0 if row["module"] == "plain" else 1
        found.append(Case("module-call", key, facets, lambda row=row: dict(row), _describe, weight))
    return tuple(sorted(found, key=lambda c: c.order))
