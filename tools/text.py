"""The sentences a reader sees that code puts together: one catalogue per subject and language.

`text/<language>/<catalogue>.yml` maps a key to a sentence with named placeholders
(`"checked on {cases} inputs"`), or to its one/other forms where a count changes the wording:

    snippets_pending:
      one: "{count} snippet has not run with other releases yet"
      other: "{count} snippets have not run with other releases yet"

A translator edits these files and never Python. Code asks for a sentence by key:

    words = catalogue("rules", "zh")
    words("checked", cases=412)
    words.count("snippets_pending", 3)

Keys may be grouped: a mapping under a key that is not one/other forms is a section, and
`words.section("notes")("err-x")` looks up `notes.err-x` (a key chosen by data, such as an error
entry's anchor, without building key names in code). A list (the items of a legend) is returned
whole by `words.items("legend", **values)`, each item filled in.

A key missing in one language, or a placeholder the call does not fill, is an error that names
the catalogue, the language and the key (`TextError`). `used()` lists every key looked up in this
process. tests/test_text.py fails on a key that no code names (a static scan of tools/).

Only the standard library and PyYAML: the generators and the MkDocs hooks import this; the GPU
recorder (tools/generate/gpu_record.py, torch and numpy only) must not.
"""

from __future__ import annotations

import functools
from pathlib import Path

from tools.project import LANGUAGES, ROOT

TEXT = ROOT / "text"
_USED: set[tuple[str, str]] = set()


class TextError(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; this one is a sentence
        return str(self.args[0])


def path(name: str, language: str) -> Path:
    return TEXT / language / f"{name}.yml"


def _shown(file: Path) -> str:
    return str(file.relative_to(ROOT)) if file.is_relative_to(ROOT) else str(file)


@functools.cache
def _load(name: str, language: str) -> dict:
    import yaml

    file = path(name, language)
    if not file.exists():
        raise TextError(f"no catalogue {_shown(file)}")
    data = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise TextError(f"{_shown(file)}: expected a mapping of keys to sentences")
    _check_keys(data, file)
    return data


def _check_keys(data: dict, file: Path) -> None:
    """YAML reads `yes:`, `no:`, `on:` or `1:` as a boolean or a number: a key must be text."""
    for key, value in data.items():
        if not isinstance(key, str):
            raise TextError(f"{_shown(file)}: key {key!r} is not text (quote it, or rename it)")
        if isinstance(value, dict):
            _check_keys(value, file)


FORMS = ("one", "other")


def is_forms(value) -> bool:
    """A mapping of one/other forms (not a section of keys)."""
    return isinstance(value, dict) and bool(value) and set(value) <= set(FORMS)


class Catalogue:
    """The sentences of one catalogue in one language (or of one section of it)."""

    def __init__(self, name: str, language: str, prefix: tuple[str, ...] = ()):
        if language not in LANGUAGES:
            raise TextError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
        self.name, self.language, self.prefix = name, language, prefix

    def _data(self) -> dict:
        data = _load(self.name, self.language)
        for part in self.prefix:
            data = data[part]
        return data

    def _key(self, key: str) -> str:
        return ".".join((*self.prefix, key))

    def raw(self, key: str):
        data = self._data()
        if key not in data:
            where = _shown(path(self.name, self.language))
            raise TextError(f"{where} has no key {self._key(key)!r}")
        _USED.add((self.name, self._key(key)))
        return data[key]

    def __getitem__(self, key: str):
        """The value under key as the file has it (a mapping, a list, an unfilled sentence), for
        code that walks a group of words itself (tools/generate/atlas_render.py)."""
        return self.raw(key)

    def section(self, key: str) -> Catalogue:
        if not isinstance(self.raw(key), dict) or is_forms(self.raw(key)):
            raise TextError(f"{self.name}/{self.language}: {self._key(key)!r} is not a section")
        return Catalogue(self.name, self.language, (*self.prefix, key))

    def _fill(self, key: str, template: str, values: dict) -> str:
        try:
            return template.format(**values)
        except KeyError as missing:
            where = _shown(path(self.name, self.language))
            raise TextError(f"{where}: {self._key(key)!r} needs a value for {missing}") from None

    def __call__(self, key: str, **values) -> str:
        template = self.raw(key)
        if not isinstance(template, str):
            what = "has forms; use .count()" if is_forms(template) else "is not a sentence"
            raise TextError(f"{self.name}/{self.language}: {self._key(key)!r} {what}")
        return self._fill(key, template, values)

    def get(self, key: str, default: str = "", **values) -> str:
        """The sentence under key, or default where this catalogue has no such key."""
        return self(key, **values) if key in self else default

    def __contains__(self, key: str) -> bool:
        return key in self._data()

    def items(self, key: str, **values) -> list[str]:
        """A list of sentences (a legend's items), each filled in."""
        found = self.raw(key)
        if not isinstance(found, list):
            raise TextError(f"{self.name}/{self.language}: {self._key(key)!r} is not a list")
        return [self._fill(key, item, values) for item in found]

    def count(self, key: str, count: int, **values) -> str:
        """The form for `count` (`one` where the language has it and count is 1, else
        `other`); a plain string serves every count. `{count}` is filled in."""
        forms = self.raw(key)
        if isinstance(forms, str):
            template = forms
        else:
            template = forms.get("one") if count == 1 and "one" in forms else forms.get("other")
            if template is None:
                raise TextError(f"{self.name}/{self.language}: {self._key(key)!r} has no 'other'")
        return self._fill(key, template, {"count": count, **values})

    def keys(self) -> set[str]:
        return set(self._data())


def catalogue(name: str, language: str) -> Catalogue:
    return Catalogue(name, language)


def catalogues() -> list[str]:
    """Every catalogue name that exists in the default language."""
    return sorted(p.stem for p in (TEXT / LANGUAGES[0]).glob("*.yml"))


def used() -> set[tuple[str, str]]:
    return set(_USED)


def key_paths(name: str, language: str = LANGUAGES[0]) -> list[tuple[str, ...]]:
    """Every key of a catalogue as its path: ("notes", "err-x") for a key in a section."""
    found = []

    def walk(data: dict, prefix: tuple[str, ...]) -> None:
        for key, value in data.items():
            found.append((*prefix, key))
            if isinstance(value, dict) and not is_forms(value):
                walk(value, (*prefix, key))

    walk(_load(name, language), ())
    return found
