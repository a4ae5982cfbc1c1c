"""Europa's calendar: two game turns a month, "Jul I 1943" then "Jul II 1943".

"One month" in rule 56 is two game turns (NOTES.md), so adding months moves two turns per month.
"""

from __future__ import annotations

import re

from ..frozen import Frozen
from ..lines import RulesInputError

FIRST_YEAR = 1936
LAST_YEAR = 1950
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
HALVES = ("I", "II")
#: Game turns in one month of the calendar.
TURNS_PER_MONTH = 2

_FULL_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december")
_HALF_WORDS = {"i": 1, "1": 1, "ii": 2, "2": 2}
_PATTERN = re.compile(r"^\s*([A-Za-z]+)\.?\s+([IVXivx12]+)\s+'?(\d{2}|\d{4})\s*$")


class EuropaTurn(Frozen, order=True):
    """One half-month game turn.  Ordered by time; ``number`` runs on by one per turn."""

    year: int
    month: int  # 1..12
    half: int   # 1 (I) or 2 (II)

    def __post_init__(self) -> None:
        for name, value, low, high in (("year", self.year, FIRST_YEAR, LAST_YEAR), ("month", self.month, 1, 12),
                                       ("half", self.half, 1, 2)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RulesInputError(f"a game turn's {name} must be {low} to {high}, not {value!r}")

    @property
    def number(self) -> int:
        return (self.year * 12 + self.month - 1) * TURNS_PER_MONTH + self.half - 1

    @classmethod
    def from_number(cls, number: int) -> EuropaTurn:
        months, half = divmod(number, TURNS_PER_MONTH)
        year, month = divmod(months, 12)
        return cls(year, month + 1, half + 1)

    def next(self) -> EuropaTurn:
        return self.plus_turns(1)

    def plus_turns(self, turns: int) -> EuropaTurn:
        return EuropaTurn.from_number(self.number + turns)

    def add_months(self, months: int) -> EuropaTurn:
        """The same half of the month ``months`` later ("one month" is two turns)."""
        return self.plus_turns(months * TURNS_PER_MONTH)

    def turns_since(self, other: EuropaTurn) -> int:
        return self.number - other.number

    @property
    def title(self) -> str:
        return f"{MONTHS[self.month - 1]} {HALVES[self.half - 1]} {self.year}"

    @property
    def short(self) -> str:
        return f"{MONTHS[self.month - 1]} {HALVES[self.half - 1]} {self.year % 100:02d}"

    def __str__(self) -> str:
        return self.title

    def to_json(self) -> str:
        return self.title

    @classmethod
    def parse(cls, text: object) -> EuropaTurn:
        """``"Jul I 1943"``, ``"Jul II 43"``, ``"July 1 43"`` (the rule's own spelling)."""
        if not isinstance(text, str):
            raise RulesInputError(f"a game turn is written like 'Jul I 1943', not {text!r}")
        match = _PATTERN.match(text)
        if not match:
            raise RulesInputError(f"a game turn is written like 'Jul I 1943' or 'Jul II 43', not {text!r}")
        word, half_text, year_text = match.groups()
        month = _month_number(word)
        half = _HALF_WORDS.get(half_text.lower())
        if month is None or half is None:
            raise RulesInputError(f"a game turn is written like 'Jul I 1943' or 'Jul II 43', not {text!r}")
        year = int(year_text)
        if year < 100:
            year += 1900
        return cls(year, month, half)


def _month_number(word: str) -> int | None:
    lowered = word.lower()
    if len(lowered) < 3:
        return None
    for index, name in enumerate(_FULL_MONTHS):
        if name.startswith(lowered) or (lowered == "sept" and index == 8):
            return index + 1
    return None
