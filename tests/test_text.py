"""The sentence catalogues (text/<language>/<name>.yml, tools/text.py): every key in every
language, placeholders that agree between languages, lookups that fail by name, and no key that
no code names."""

import ast
import re
import string
from pathlib import Path

import pytest
import yaml

from tools import text
from tools.project import LANGUAGES, ROOT


def _placeholders(value) -> set[str]:
    values = (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else [value]
    )
    return {
        field
        for template in values
        for _, field, _, _ in string.Formatter().parse(str(template))
        if field
    }


def _flat(data: dict, prefix: str = "") -> dict:
    """key path -> sentence, forms or list: a section's keys as `section.key`."""
    found = {}
    for key, value in data.items():
        if isinstance(value, dict) and not text.is_forms(value):
            found.update(_flat(value, f"{prefix}{key}."))
        else:
            found[prefix + key] = value
    return found


def _catalogue_pairs():
    return [(name, language) for name in text.catalogues() for language in LANGUAGES[1:]]


@pytest.mark.parametrize("name,language", _catalogue_pairs())
def test_every_language_has_every_key_with_the_same_placeholders(name, language):
    source = _flat(yaml.safe_load(text.path(name, LANGUAGES[0]).read_text(encoding="utf-8")) or {})
    translated = _flat(yaml.safe_load(text.path(name, language).read_text(encoding="utf-8")) or {})
    assert set(source) - set(translated) == set(), f"{text.path(name, language)} lacks keys"
    assert set(translated) - set(source) == set(), f"{text.path(name, language)} has extra keys"
    differ = {
        key: (sorted(_placeholders(source[key])), sorted(_placeholders(translated[key])))
        for key in source
        if _placeholders(source[key]) != _placeholders(translated[key])
    }
    assert not differ, f"placeholders differ between languages in {name}: {differ}"
    lengths = {
        key: (len(source[key]), len(translated[key]))
        for key in source
        if isinstance(source[key], list) and len(source[key]) != len(translated.get(key) or [])
    }
    assert not lengths, f"lists of different lengths in {name}: {lengths}"


# -- a key no code names ----------------------------------------------------------------------

TOOLS = ROOT / "tools"


def opened_catalogues(tree: ast.AST) -> set[str]:
    """The catalogues a module opens: the first argument of every `catalogue("name", ...)`."""
    return {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) == "catalogue"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    }


def named_in_code(root: Path = TOOLS) -> dict[str, set[str]]:
    """Catalogue -> every string constant in the modules that open it: the keys they can name.
    Under "*": every string constant in root, for the keys of a section, which data chooses
    (an operation's name in bench.py, an entry's anchor). A key built from pieces at run time
    is not named; sections exist so that none is."""
    found: dict[str, set[str]] = {"*": set()}
    constants: dict[Path, set[str]] = {}
    opens: dict[Path, set[str]] = {}
    for module in sorted(root.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        constants[module] = {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
        found["*"] |= constants[module]
        opens[module] = opened_catalogues(tree)
    for module, names in opens.items():
        # A package's one opener (tools/rules/core.py) looks up keys that the package's other
        # modules name (each rule's id and what happened, in tools/rules/catalog/).
        package = module.parent if module.parent != root else None
        for other, found_there in constants.items():
            if other == module or (package is not None and package in other.parents):
                for name in names:
                    found.setdefault(name, set()).update(found_there)
    return found


def _torch_dtype_names() -> set[str]:
    import torch

    return {n for n in dir(torch) if isinstance(getattr(torch, n, None), torch.dtype)}


def unused_keys(name: str, named: dict[str, set[str]]) -> list[str]:
    """Keys of a catalogue that no code names: a top-level key, or a section's name, must be a
    string in a module that opens the catalogue; a key inside a section, a string in tools/, or
    the name of one of torch's dtypes (the boundary space names each dtype it builds as torch
    does, from torch itself)."""
    opening, anywhere = named.get(name, set()), named["*"] | _torch_dtype_names()
    return [
        ".".join(key)
        for key in text.key_paths(name)
        if not (all(p in opening for p in key[:1]) and all(p in anywhere for p in key[1:]))
    ]


@pytest.mark.parametrize("name", text.catalogues())
def test_every_key_is_named_by_the_code_that_opens_its_catalogue(name):
    unused = unused_keys(name, named_in_code())
    assert not unused, f"{text.path(name, LANGUAGES[0])}: no code names {unused}"


def test_an_unused_key_is_found(tmp_path, monkeypatch):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "sample.yml").write_text(
        "used: 'a'\nnotes:\n  err-a: 'b'\n  err-b: 'c'\n  err-c: 'd'\nspare: 'e'\n",
        encoding="utf-8",
    )
    code = tmp_path / "tools"
    code.mkdir()
    (code / "m.py").write_text(
        'words = catalogue("sample", "en")\nwords("used")\nwords.section("notes")\n'
        'NOTES = ["err-a"]\n',
        encoding="utf-8",
    )
    (code / "n.py").write_text("X = 'err-c'\nY = 'spare'\n", encoding="utf-8")  # opens none
    monkeypatch.setattr(text, "TEXT", tmp_path)
    text._load.cache_clear()
    try:
        assert unused_keys("sample", named_in_code(code)) == ["notes.err-b", "spare"]
    finally:
        text._load.cache_clear()


def test_lookups_fill_placeholders_and_pick_forms(tmp_path, monkeypatch):
    for language, body in {
        "en": "hello: 'checked on {cases} inputs'\n"
        "left:\n  one: '{count} snippet'\n  other: '{count} snippets'\n"
        "notes:\n  err-a: 'fix {what}'\nlegend:\n  - 'a {x}'\n  - 'b'\n",
        "zh": "hello: '检查了 {cases} 个输入'\nleft: '{count} 个代码片段'\n",
    }.items():
        (tmp_path / language).mkdir()
        (tmp_path / language / "sample.yml").write_text(body, encoding="utf-8")
    (tmp_path / "zh" / "broken.yml").write_text("marks:\n  yes: '是'\n", encoding="utf-8")
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
        assert en.section("notes")("err-a", what="it") == "fix it"
        assert en.items("legend", x=1) == ["a 1", "b"]
        with pytest.raises(text.TextError, match=re.escape("has no key 'notes.err-b'")):
            en.section("notes")("err-b")
        with pytest.raises(text.TextError, match="key True is not text"):
            text.catalogue("broken", "zh").section("marks")  # YAML read `yes:` as a boolean
        assert {("sample", "hello"), ("sample", "notes.err-a")} <= text.used()
    finally:
        text._load.cache_clear()
