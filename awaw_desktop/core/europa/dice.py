"""A die roll as the players record it: typed in from a real die, or rolled by the app.

The app rolls with ``secrets`` at one table; in a game played by e-mail (its record holds players' keys) it takes
the next fair die both sides committed to (``core.record.fair_dice``), so no player can roll again by reloading, and
says so when there is none to roll yet."""

from __future__ import annotations

import secrets
from typing import Any

from ..lines import RulesInputError
from ..record.fair_dice import app_die

TYPED = "typed"
ROLLED = "rolled"
DIE_SOURCES = (TYPED, ROLLED)
#: What the players read for each source (a log line, a status).
SOURCE_WORDS = {TYPED: "typed from a real die", ROLLED: "rolled by the app"}


def check_die(value: object, what: str = "a die") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RulesInputError(f"{what} shows 1 to 6, not {value!r}")
    return value


def check_source(source: object) -> str:
    if source not in DIE_SOURCES:
        raise RulesInputError(f"a die is typed or rolled, not {source!r}")
    return str(source)


def source_words(source: str) -> str:
    return SOURCE_WORDS.get(source, source)


def _secret_die() -> int:
    return secrets.randbelow(6) + 1


def roll_die(record: Any = None, purpose: str = "a die") -> int:
    """A die the app rolls for ``purpose`` in the game whose record is ``record`` (a ``GameRecord``; None: no game,
    one table): the next fair die in play by e-mail (raises ``fair_dice.NoDieLeft``, a ``RulesInputError``, when
    there is none to roll yet), else one from ``secrets``."""
    return _secret_die() if record is None else app_die(record, purpose, _secret_die)
