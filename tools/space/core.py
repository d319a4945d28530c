"""A case of the boundary space: one input on which PyTorch's behaviour can differ.

A case has a key (stable, unique in its dimension: `float32/d2/stepped/leaf_grad`), facets (the
choices that made it, which a rule's condition reads), a maker that builds a fresh object each
time it is called (a predicate may write into what it gets), and words: it describes itself in
each language from `text/<language>/space.yml`, never from sentences in Python.

Several dimensions together (a tensor under a grad mode) are a `Combined` case.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tools.text import catalogue


def words(language: str):
    return catalogue("space", language)


def word(language: str, group: str, key: str) -> str:
    """One word of a group (`dtype`, `shape`, `layout`, ...) in a language."""
    entries = words(language).raw(group)
    if key not in entries:
        from tools.text import TextError, path

        raise TextError(f"{path('space', language).name}: {group!r} has no entry {key!r}")
    return entries[key]


@dataclass(frozen=True)
class Case:
    dimension: str
    key: str
    facets: Mapping[str, Any]
    make: Callable[[], Any] = field(compare=False, repr=False)
    describer: Callable[[Case, str], str] = field(compare=False, repr=False)
    # How far the case is from the plainest input: "the smallest case that shows it" is the one
    # with the least weight (then the key, for a stable choice).
    weight: int = 0

    def build(self) -> Any:
        return self.make()

    def describe(self, language: str) -> str:
        return self.describer(self, language)

    def __getitem__(self, facet: str) -> Any:
        return self.facets[facet]

    def get(self, facet: str, default: Any = None) -> Any:
        return self.facets.get(facet, default)

    @property
    def order(self) -> tuple[int, str]:
        return (self.weight, self.key)


@dataclass(frozen=True)
class Combined:
    """One case of each of several dimensions, taken together (`tensor` x `mode`)."""

    parts: tuple[Case, ...]

    @property
    def dimension(self) -> str:
        return "+".join(p.dimension for p in self.parts)

    @property
    def key(self) -> str:
        return " | ".join(p.key for p in self.parts)

    @property
    def weight(self) -> int:
        return sum(p.weight for p in self.parts)

    @property
    def order(self) -> tuple[int, str]:
        return (self.weight, self.key)

    @property
    def facets(self) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for part in self.parts:
            merged.update(part.facets)
        return merged

    def __getitem__(self, facet: str) -> Any:
        return self.facets[facet]

    def get(self, facet: str, default: Any = None) -> Any:
        return self.facets.get(facet, default)

    def part(self, dimension: str) -> Case:
        return next(p for p in self.parts if p.dimension == dimension)

    def build(self) -> tuple:
        return tuple(p.build() for p in self.parts)

    def describe(self, language: str) -> str:
        text = self.parts[0].describe(language)
        for part in self.parts[1:]:
            text = words(language)("together", first=text, second=part.describe(language))
        return text


def combine(*dimensions: Iterable[Case]) -> list[Combined]:
    return [Combined(tuple(parts)) for parts in itertools.product(*dimensions)]
