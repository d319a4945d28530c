"""The sentence catalogues (text/<language>/<name>.yml, tools/text.py): every key in every
language, placeholders that agree between languages, and lookups that fail by name."""

import re
import string

import pytest
import yaml

from tools import text
from tools.project import LANGUAGES


def _placeholders(value) -> set[str]:
    values = value.values() if isinstance(value, dict) else [value]
    return {
        field
        for template in values
        for _, field, _, _ in string.Formatter().parse(str(template))
        if field
    }


def _catalogue_pairs():
    return [(name, language) for name in text.catalogues() for language in LANGUAGES[1:]]


@pytest.mark.parametrize("name,language", _catalogue_pairs())
def test_every_language_has_every_key_with_the_same_placeholders(name, language):
    source = yaml.safe_load(text.path(name, LANGUAGES[0]).read_text(encoding="utf-8")) or {}
    translated = yaml.safe_load(text.path(name, language).read_text(encoding="utf-8")) or {}
    assert set(source) - set(translated) == set(), f"{text.path(name, language)} lacks keys"
    assert set(translated) - set(source) == set(), f"{text.path(name, language)} has extra keys"
    differ = {
        key: (sorted(_placeholders(source[key])), sorted(_placeholders(translated[key])))
        for key in source
        if _placeholders(source[key]) != _placeholders(translated[key])
    }
    assert not differ, f"placeholders differ between languages in {name}: {differ}"


def test_lookups_fill_placeholders_and_pick_forms(tmp_path, monkeypatch):
    for language, body in {
        "en": "hello: 'checked on {cases} inputs'\n"
        "left:\n  one: '{count} snippet'\n  other: '{count} snippets'\n",
        "zh": "hello: '检查了 {cases} 个输入'\nleft: '{count} 个代码片段'\n",
    }.items():
        (tmp_path / language).mkdir()
        (tmp_path / language / "sample.yml").write_text(body, encoding="utf-8")
    monkeypatch.setattr(text, "TEXT", tmp_path)
    text._load.cache_clear()
    try:
        en, zh = text.catalogue("sample", "en"), text.catalogue("sample", "zh")
        assert en("hello", cases=3) == "checked on 3 inputs"
        assert [en.count("left", n) for n in (1, 2)] == ["1 snippet", "2 snippets"]
        assert zh.count("left", 1) == "1 个代码片段"
        with pytest.raises(text.TextError, match=re.escape("has no key 'missing'")):
            en("missing")
        with pytest.raises(text.TextError, match="needs a value for 'cases'"):
            en("hello")
        with pytest.raises(text.TextError, match="has forms"):
            en("left")
        assert ("sample", "hello") in text.used()
    finally:
        text._load.cache_clear()
