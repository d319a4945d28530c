"""Rules the site states, as data: each run over the boundary space (tools/space/).

`core.py` says what a rule is, `catalog/<page>.py` holds the rules of one page, `run.py` runs
them all and writes docs/generated/rules.json (`make rules`). README.md, "Adding a rule".
"""
