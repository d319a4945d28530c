"""What a rule is: an id, the pages that state it, the dimensions of the boundary space it is
run over, the condition the page states (`inside`), and a predicate that says, for one case,
whether the rule held and what happened, in words a reader understands.

The words live in text files, never here: the statement and condition of rule `x` under key `x`
of text/<language>/rules.yml, what happened under keys of text/<language>/observed.yml.

    Rule(
        id="clone-new-storage",
        pages=("clone",),
        over=("tensor",),
        inside=lambda case: not case["sparse"],
        predicate=clone_has_new_storage,
    )

`applies` chooses the cases a rule is run on at all (default: every case of its dimensions);
those of them outside the condition are "just outside", where the page shows the smallest case
on which the rule stops holding.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tools.text import catalogue


@dataclass(frozen=True)
class Outcome:
    """Whether a rule held on one case, and what happened (a key of observed.yml, and the
    values its sentence needs)."""

    held: bool
    what: str
    values: dict[str, Any] = field(default_factory=dict)

    def words(self, language: str) -> str:
        return catalogue("observed", language)(self.what, **self.values)


def held(what: str, **values) -> Outcome:
    return Outcome(True, what, values)


def failed(what: str, **values) -> Outcome:
    return Outcome(False, what, values)


def check(condition: bool, when_true: str, when_false: str, **values) -> Outcome:
    """Held, saying `when_true`, if the condition is true; else not held, saying `when_false`."""
    return Outcome(bool(condition), when_true if condition else when_false, values)


def raised(error: BaseException, held_: bool = False) -> Outcome:
    """What happened when the case raised: the error's type and the first line of its message."""
    message = (str(error).strip().splitlines() or [""])[0]
    message = re.sub(r"0x[0-9a-fA-F]+", "0x…", message)  # an address differs from run to run
    return Outcome(held_, "raised", {"error": type(error).__name__, "message": message[:160]})


def everything(case) -> bool:
    return True


@dataclass(frozen=True)
class Rule:
    id: str
    pages: tuple[str, ...]
    over: tuple[str, ...]
    inside: Callable[[Any], bool]
    predicate: Callable[[Any], Outcome]
    applies: Callable[[Any], bool] = everything
    # Expensive rules (new processes) are run by `make rules`, not again by the test suite,
    # which compares their results' fingerprint instead.
    expensive: bool = False

    def statement(self, language: str) -> str:
        return self._text(language)["statement"]

    def condition(self, language: str) -> str:
        return self._text(language)["condition"]

    def _text(self, language: str) -> dict:
        return catalogue("rules", language).raw(self.id)

    def outcome(self, case) -> Outcome:
        """The predicate on one case; an error it did not expect is what happened."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                return self.predicate(case)
            except Exception as error:  # noqa: BLE001 - the error is the observation
                return raised(error)
