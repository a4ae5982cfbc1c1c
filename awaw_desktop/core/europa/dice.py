"""A die roll as the players record it: typed in from a real die, or rolled by the app."""

from __future__ import annotations

import secrets

from ..lines import RulesInputError

TYPED = "typed"
ROLLED = "rolled"
DIE_SOURCES = (TYPED, ROLLED)


def check_die(value: object, what: str = "a die") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RulesInputError(f"{what} shows 1 to 6, not {value!r}")
    return value


def check_source(source: object) -> str:
    if source not in DIE_SOURCES:
        raise RulesInputError(f"a die is typed or rolled, not {source!r}")
    return str(source)


def roll_die() -> int:
    return secrets.randbelow(6) + 1
