"""What an end-of-turn step settles in the tables: each entry it changes is written back and said in the game record
("China: Unbuilt Nationalist ground factors 6 -> 3 (3 factor(s) defected (61.31, 61.32A))").  The steps say which
entries change (``common.TurnOutcome.entries``); the session writes them here, at the end of the turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..lines import Line
from .assess import title
from .common import Consequence, TurnOutcome


class Tables(Protocol):
    """What this needs of a game: its lines and the values entered in them (``session.Session``)."""

    def line(self, power: str, line_id: str) -> Line: ...

    def value(self, power: str, line_id: str) -> Any: ...

    def set_value(self, power: str, line_id: str, value: Any) -> Any: ...


def entries_settled(tables: Tables, outcomes: Mapping[str, TurnOutcome]) -> list[Consequence]:
    """Write the entries the end-of-turn steps settled into the tables, each in words for the game record."""
    written: list[Consequence] = []
    for power, outcome in outcomes.items():
        for entry in outcome.entries:
            line = tables.line(power, entry.line_id)
            old = tables.value(power, entry.line_id)
            new = line.validate(entry.value)
            if old == new:
                continue
            tables.set_value(power, entry.line_id, new)
            joint = ": " if isinstance(new, Mapping) else " "
            written.append(Consequence(entry.rule, f"{title(power)}: {line.label}{joint}{change_words(line, old, new)} "
                                                   f"({entry.why})."))
    return written


def change_words(line: Line, old: Any, new: Any) -> str:
    """A change as players read one: "6 -> 3", or for a group the numbers that changed."""
    if isinstance(new, Mapping) and isinstance(old, Mapping):
        names = {spec.key: spec.label for spec in getattr(line, "fields", ())}
        return ", ".join(f"{names.get(key, key)} {old.get(key)} \u2192 {new[key]}" for key in new
                         if old.get(key) != new[key])
    return f"{old} \u2192 {new}"
