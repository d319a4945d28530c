"""The question bank (tests/data/questions.yml) is well-formed, and the site answers every question.

Each entry is a real question collected by symptom, with its source, the words a reader would
search for and the section that answers it. Answered means: the section's anchor exists on the
built page in the question's language. The search-ranking test reads `query` and `answer` from
the same file.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from tools import project

BANK = project.ROOT / "tests" / "data" / "questions.yml"
FIELDS = {"id", "lang", "question", "source", "symptom", "query", "answer", "before"}
OPTIONAL = {"miss"}  # a search rank measured outside the top 3, and why (tests/test_search.py)
BEFORE = {"answered", "partly", "unanswered"}
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
ANSWER = re.compile(r"(?P<slug>[a-z0-9-]+(/[a-z0-9-]+)*)/#(?P<anchor>[a-z0-9-]+)")
AT_LEAST = {"all": 100, "zh": 30}


def load(path: Path = BANK) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def problems(entries) -> list[str]:
    """What is wrong with the bank's shape, one line per problem (empty when it is well-formed)."""
    if not isinstance(entries, list):
        return ["the bank is not a list of entries"]
    found, seen = [], set()
    for number, entry in enumerate(entries):
        where = f"entry {number}"
        if not isinstance(entry, dict):
            found.append(f"{where}: not a mapping")
            continue
        where = f"entry {number} ({entry.get('id')})"
        if not FIELDS <= set(entry) <= FIELDS | OPTIONAL:
            missing, extra = sorted(FIELDS - set(entry)), sorted(set(entry) - FIELDS - OPTIONAL)
            found.append(f"{where}: missing {missing}, unexpected {extra}")
            continue
        for field in set(entry):
            if not isinstance(entry[field], str) or not entry[field].strip():
                found.append(f"{where}: {field} is not a non-empty string")
        if found and found[-1].startswith(where):
            continue
        if not ID.fullmatch(entry["id"]):
            found.append(f"{where}: id is not kebab-case")
        if entry["id"] in seen:
            found.append(f"{where}: id used twice")
        seen.add(entry["id"])
        if entry["lang"] not in project.LANGUAGES:
            found.append(f"{where}: lang {entry['lang']!r} is not one of {project.LANGUAGES}")
        if not entry["source"].startswith(("https://", "http://")):
            found.append(f"{where}: source is not a URL")
        if not ANSWER.fullmatch(entry["answer"]):
            found.append(f"{where}: answer {entry['answer']!r} is not 'page/#anchor'")
        if entry["before"] not in BEFORE:
            found.append(f"{where}: before {entry['before']!r} is not one of {sorted(BEFORE)}")
    return found


class _Ids(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(value for name, value in attrs if name == "id" and value)


def unanswered(entries, site: Path) -> list[str]:
    """The entries whose answer anchor is not on the built page of their language."""
    missing = []
    for entry in entries:
        match = ANSWER.fullmatch(entry["answer"])
        page = site / project.page_url(match["slug"], entry["lang"]) / "index.html"
        if not page.is_file():
            missing.append(f"{entry['id']}: no page {page.relative_to(site)}")
            continue
        parser = _Ids()
        parser.feed(page.read_text(encoding="utf-8"))
        if match["anchor"] not in parser.ids:
            missing.append(f"{entry['id']}: no #{match['anchor']} on {page.relative_to(site)}")
    return missing


@pytest.fixture(scope="module")
def bank() -> list[dict]:
    return load()


def test_the_bank_is_well_formed(bank):
    assert problems(bank) == []


def test_the_bank_is_large_enough_in_both_languages(bank):
    assert len(bank) >= AT_LEAST["all"]
    assert sum(entry["lang"] == "zh" for entry in bank) >= AT_LEAST["zh"]


def test_every_question_has_an_answering_section_on_the_site(bank, built_site):
    assert unanswered(bank, built_site) == []


def test_the_checks_find_a_broken_entry_and_a_missing_anchor(bank, built_site):
    broken = [dict(bank[0], answer="libraries#no-slash"), dict(bank[1], lang="fr")]
    broken.append({key: value for key, value in bank[2].items() if key != "query"})
    assert len(problems(broken)) == 3
    gone = [dict(bank[0], answer="libraries/#no-such-section"), dict(bank[1], answer="nope/#x")]
    assert len(unanswered(gone, built_site)) == 2
