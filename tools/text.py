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

A key missing in one language, or a placeholder the call does not fill, is an error that names
the catalogue, the language and the key (`TextError`). `used()` lists every key looked up in this
process, for the test that a key no code uses is an error.
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
    return data


class Catalogue:
    """The sentences of one catalogue in one language."""

    def __init__(self, name: str, language: str):
        if language not in LANGUAGES:
            raise TextError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
        self.name, self.language = name, language

    def raw(self, key: str):
        data = _load(self.name, self.language)
        if key not in data:
            where = _shown(path(self.name, self.language))
            raise TextError(f"{where} has no key {key!r}")
        _USED.add((self.name, key))
        return data[key]

    def _fill(self, key: str, template: str, values: dict) -> str:
        try:
            return template.format(**values)
        except KeyError as missing:
            where = _shown(path(self.name, self.language))
            raise TextError(f"{where}: {key!r} needs a value for {missing}") from None

    def __call__(self, key: str, **values) -> str:
        template = self.raw(key)
        if not isinstance(template, str):
            raise TextError(f"{self.name}/{self.language}: {key!r} has forms; use .count()")
        return self._fill(key, template, values)

    def count(self, key: str, count: int, **values) -> str:
        """The form for `count` (`one` where the language has it and count is 1, else
        `other`); a plain string serves every count. `{count}` is filled in."""
        forms = self.raw(key)
        if isinstance(forms, str):
            template = forms
        else:
            template = forms.get("one") if count == 1 and "one" in forms else forms.get("other")
            if template is None:
                raise TextError(f"{self.name}/{self.language}: {key!r} has no 'other' form")
        return self._fill(key, template, {"count": count, **values})

    def keys(self) -> set[str]:
        return set(_load(self.name, self.language))


def catalogue(name: str, language: str) -> Catalogue:
    return Catalogue(name, language)


def catalogues() -> list[str]:
    """Every catalogue name that exists in the default language."""
    return sorted(p.stem for p in (TEXT / LANGUAGES[0]).glob("*.yml"))


def used() -> set[tuple[str, str]]:
    return set(_USED)
