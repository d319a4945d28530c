"""The rules the site states, run over the boundary space (tools/rules/, tools/space/).

The committed docs/generated/rules.json is current (its fingerprint of the rules' code, their
texts and torch, and a rerun of a fixed sample of every cheap rule's cases); no rule has a
counterexample inside the condition its page states; every rule has its words in every language
and every rule on a page has a rule in the project; every `#rule-` link lands on a rule; and
each bullet of a "Which one do I use?" box links to its rule. The last tests show that these
checks can fail: a planted false rule, a page with a marker that has no result.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import markdown
import pytest
import torch
import yaml

from tools import pages, project, text
from tools.rules import core, run
from tools.rules.catalog import rules as all_rules
from tools.site import rule_lines

DATA = Path(__file__).parent / "data" / "rules"
RULES = all_rules()
ENGLISH = [p for p in project.pages() if project.language_of(p) == project.DEFAULT_LANGUAGE]
REMAKE = "(`make rules` rewrites it)"


@pytest.fixture(scope="module")
def document() -> dict:
    return json.loads(run.OUTPUT.read_text(encoding="utf-8"))


def _id(path: Path) -> str:
    return path.relative_to(project.DOCS).as_posix()


def test_the_committed_results_are_from_the_rules_and_texts_as_they_are(document):
    assert document["fingerprint"] == run.fingerprint(), (
        f"docs/generated/rules.json was made from other rules, texts or torch {REMAKE}"
    )
    assert [e["id"] for e in document["rules"]] == [r.id for r in RULES], REMAKE


def test_a_rerun_of_a_sample_of_every_rule_gives_the_committed_results(document):
    differences = run.spot_check(document)
    assert not differences, f"stale or unsteady results {REMAKE}:\n" + "\n".join(differences)


def test_no_rule_fails_inside_its_condition(document):
    found = run.problems(document)
    assert not found, (
        "a page states these rules wider than they hold: narrow the condition (and the page's "
        "sentence) to what the run supports, never the cases:\n" + "\n".join(found)
    )


def test_the_rules_run_enough_cases(document):
    assert document["cases_count"] == sum(e["cases"] for e in document["rules"])
    assert all(e["cases"] > 0 for e in document["rules"]), "a rule that ran on no case"


# --- a false rule fails, naming its case ---------------------------------------------------------


class _Planted(core.Rule):
    def _text(self, language):
        return {"statement": "clone() shares memory", "condition": "any dense tensor"}


def test_a_planted_false_rule_fails_and_names_its_case():
    from tools.rules.probes import share_memory

    planted = _Planted(
        id="planted-clone-shares",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: not case["sparse"],
        predicate=lambda case: core.check(
            (lambda t: share_memory(t.clone(), t))(case.build()),
            "shares_or_differs",
            "own_storage_same_values",
        ),
        applies=lambda case: case["dtype"] == "float32" and case["shape"] == "d2",
    )
    described: dict = {}
    document = {"rules": [run.run_rule(planted, described)], "cases": described}
    found = run.problems(document)
    assert found, "a false rule passed"
    assert found[0] == (
        "planted-clone-shares: a float32 tensor that does not require grad (2-D) "
        "(float32/d2/contiguous/plain): the result has its own storage and the same values"
    )


# --- words: every rule in every language, and no words without a rule ----------------------------


@pytest.mark.parametrize("language", project.LANGUAGES)
def test_every_rule_has_its_statement_and_condition_and_no_text_lacks_a_rule(language):
    data = yaml.safe_load(text.path("rules", language).read_text(encoding="utf-8"))
    ids = {rule.id for rule in RULES}
    assert ids - set(data) == set(), f"rules without words in text/{language}/rules.yml"
    assert set(data) - ids == set(), f"text/{language}/rules.yml has words for no rule"
    incomplete = sorted(k for k, v in data.items() if set(v) != {"statement", "condition"})
    assert not incomplete, f"entries without exactly a statement and a condition: {incomplete}"


# --- pages: markers, links, and the "Which one do I use?" boxes -----------------------------------


@pytest.mark.parametrize("page", project.pages(), ids=_id)
def test_every_rule_a_page_marks_exists_and_names_the_page(page):
    by_id = {rule.id: rule for rule in RULES}
    chapter = page.name.split(".")[0]
    wrong = []
    for line, rule_id in pages.rule_markers(page.read_text(encoding="utf-8")):
        if rule_id not in by_id:
            wrong.append(f"{_id(page)}:{line}: no rule {rule_id!r} in tools/rules/catalog/")
        elif chapter not in by_id[rule_id].pages:
            wrong.append(f"{_id(page)}:{line}: rule {rule_id!r} does not list page {chapter!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("page", project.pages(), ids=_id)
def test_a_page_marks_each_rule_once(page):
    ids = [rule_id for _, rule_id in pages.rule_markers(page.read_text(encoding="utf-8"))]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"{_id(page)} marks rules twice (one anchor each): link instead: {twice}"


_RULE_LINK = re.compile(r"\]\((?P<page>[^)#\s]*)#rule-(?P<id>[a-z0-9-]+)\)")


@pytest.mark.parametrize("page", project.pages(), ids=_id)
def test_every_rule_link_lands_on_a_rule_that_page_marks(page):
    content = page.read_text(encoding="utf-8")
    broken = []
    for link in _RULE_LINK.finditer(content):
        target = page if not link["page"] else page.parent / link["page"]
        if link["page"] and project.language_of(page) != project.DEFAULT_LANGUAGE:
            target = project.translation_of(target) if target.is_file() else target
        marked = (
            {rule_id for _, rule_id in pages.rule_markers(target.read_text(encoding="utf-8"))}
            if target.is_file()
            else set()
        )
        if link["id"] not in marked:
            line = content.count("\n", 0, link.start()) + 1
            broken.append(f"{_id(page)}:{line}: #rule-{link['id']} is not marked on {target.name}")
    assert not broken, "\n".join(broken)


# A "Which one do I use?" box: the tip admonition under the section of that anchor.
BOX = re.compile(r'^!!! tip "[^"]*"\n(?P<body>(?:\n|    .*\n)+)', re.M)
# Chapters whose boxes the rules run has not reached yet (other rule writers take them).
NOT_YET: set[str] = set()


# A bullet about what needs a GPU (or several processes) that no rule runs here names the
# PyTorch source it rests on instead: `<!-- rule-source: torch/cuda/streams.py -->`, a file of
# the installed torch, and the bullet says that it was not run.
SOURCE_MARKER = re.compile(r"^\s*<!-- rule-source: (\S+) -->\s*$")


def _cites_source(row: str) -> bool:
    found = SOURCE_MARKER.match(row)
    return bool(found) and (Path(torch.__file__).parent.parent / found[1]).is_file()


def bullets_without_rules(content: str) -> list[str]:
    """The bullets of a page's "Which one do I use?" box that neither link to a rule nor mark
    one, as 'line N: start of the bullet'."""
    start = content.find("{ #which-one }")
    box = BOX.search(content, start) if start >= 0 else None
    if box is None:
        return []
    first_line = content.count("\n", 0, box.start("body")) + 1
    found, bullet, line = [], [], 0
    for k, row in enumerate(box["body"].split("\n") + ["    - "]):
        if row.startswith("    - "):
            if bullet and not any(
                "#rule-" in b or pages.RULE_MARKER.match(b) or _cites_source(b) for b in bullet
            ):
                found.append(f"line {line}: {bullet[0].strip()[:60]}")
            bullet, line = [row], first_line + k
        elif bullet:
            bullet.append(row)
    return found[:-1] if found and found[-1].endswith(": -") else found


@pytest.mark.parametrize("page", project.pages(), ids=_id)
def test_every_bullet_of_which_one_do_i_use_links_to_its_rule(page):
    missing = bullets_without_rules(page.read_text(encoding="utf-8"))
    if page.name.split(".")[0] in NOT_YET:
        assert missing, f"every bullet of {_id(page)} has its rule now: take it out of NOT_YET"
        pytest.xfail("the rules run has not reached this chapter's box yet")
    assert not missing, f"{_id(page)}: bullets with no #rule- link or rule marker:\n" + "\n".join(
        missing
    )


def test_the_bullet_check_finds_a_bullet_without_a_rule():
    sample = (
        "## Which one do I use? { #which-one }\n\n"
        '!!! tip "Which one do I use?"\n\n'
        "    - Linked: `x.clone()` ([rule](#rule-clone-new-storage)).\n"
        "    - Marked: `x.clone()`.\n      <!-- rule: clone-new-storage -->\n"
        "    - Neither: `x.detach()`,\n      on two lines.\n"
    )
    assert bullets_without_rules(sample) == ["line 8: - Neither: `x.detach()`,"]


# --- the hook: anchors MkDocs sees, folded lines, and a marker without a result ------------------


def test_the_hook_puts_anchors_and_folded_lines_where_the_markers_are(document):
    entry = document["rules"][0]
    results = {name: {**entry, "id": name} for name in ("sample-rule", "other-rule")}
    page = (DATA / "page.md").read_text(encoding="utf-8")
    expanded, missing = rule_lines.expand(page, results, "en")
    assert missing == ["missing-rule"]
    assert "<!-- rule: inside-a-fence -->" in expanded  # code is left alone
    html = markdown.markdown(
        expanded, extensions=["attr_list", "pymdownx.details", "pymdownx.superfences"]
    )
    assert '<p id="rule-sample-rule">A paragraph that states a rule.</p>' in html
    assert '<p id="rule-sample-rule">A bullet that states another,' in html
    assert html.count('<details class="rule">') == 3
    # The second rule on one bullet has its anchor on its own folded line's first paragraph.
    assert re.search(r'<details class="rule">\s*<summary>[^<]*</summary>\s*<p id="rule-other', html)
    assert rule_lines.summary(entry, "en") in html.replace("&quot;", '"')
    zh, _ = rule_lines.expand(page, results, "zh")
    assert rule_lines.summary(entry, "zh") in zh


# --- the space: every case says what it is, in every language ------------------------------------


@pytest.mark.parametrize(
    "dimension", ["tensor", "mode", "region", "index", "process", "conversion"]
)
def test_every_case_of_the_space_describes_itself_in_every_language(dimension):
    from tools import space

    cases = space.cases(dimension)
    assert cases, f"no {dimension} cases"
    keys = [case.key for case in cases]
    assert len(keys) == len(set(keys)), f"{dimension}: two cases with one key"
    for language in project.LANGUAGES:
        words = [case.describe(language) for case in cases]
        assert all(w.strip() for w in words), f"{dimension}: a case without words ({language})"
        repeated = sorted({w for w in words if words.count(w) > 1})
        assert not repeated, f"{dimension}: cases that read the same in {language}: {repeated}"


def test_every_dtype_the_space_leaves_out_says_why():
    from tools.space import tensors

    for language in project.LANGUAGES:
        reasons = text.catalogue("space", language).raw("skipped")
        assert set(tensors.SKIPPED.values()) <= set(reasons), f"a reason without words ({language})"


def test_a_bullet_citing_a_source_counts_only_with_a_file_of_torch():
    box = '## Which? { #which-one }\n\n!!! tip "Which?"\n\n    - Pin it (needs a GPU).\n      {}\n'
    cited = box.replace("{}", "<!-- rule-source: torch/cuda/streams.py -->")
    invented = box.replace("{}", "<!-- rule-source: torch/cuda/no_such_file.py -->")
    assert bullets_without_rules(cited) == []
    assert bullets_without_rules(invented) == ["line 5: - Pin it (needs a GPU)."]
