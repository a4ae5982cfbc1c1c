"""The kind of value each carried value holds: a surrender level is a whole number, a turn is a season and a
year, the Far East choice is text ...  The loader checks every carried value against its kind
(``sessionfile.check_carried``) before any rule reads it, so a file can only hold values the rules can read:
one that loads also reports, shows and saves.

A power's ``initial_carry`` says where each value starts; many start empty (``None``: not yet), which says
nothing of their kind, so every kind is named here.  Empty (``null``) is allowed for every value, as before.
A key no power keeps is left as it is (kept, never read).  ``tests/core/test_carried_kinds.py`` checks that
every carried key of every power has a kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..files.json_gates import short
from ..frozen import Frozen
from .common import FIRST_YEAR, LAST_YEAR, Season


class Kind(Frozen):
    """What a carried value holds, in words and as a test."""

    words: str
    holds: Callable[[Any], bool]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_SEASONS = tuple(season.value for season in Season)   # compared by ==: the season may be any JSON value


def _turn(value: Any) -> bool:
    """A turn as the app writes it: ``{"season": ..., "year": ...}``."""
    return (isinstance(value, dict) and set(value) == {"season", "year"} and _whole(value["year"])
            and FIRST_YEAR <= value["year"] <= LAST_YEAR and value["season"] in _SEASONS)


def _list_of(item: Kind, words: str) -> Kind:
    return Kind(words, lambda value: isinstance(value, list) and all(item.holds(entry) for entry in value))


FLAG = Kind("true or false", lambda value: isinstance(value, bool))
WHOLE = Kind("a whole number", _whole)
TURN = Kind("a turn (a season and a year)", _turn)
TEXT = Kind("text", lambda value: isinstance(value, str))
RECORD = Kind("an object", lambda value: isinstance(value, dict))
WHOLE_NUMBERS = _list_of(WHOLE, "a list of whole numbers")
TURNS = _list_of(TURN, "a list of turns")
TEXTS = _list_of(TEXT, "a list of texts")
RECORDS = _list_of(RECORD, "a list of objects")
COUNTS = Kind("an object of whole numbers", lambda value: isinstance(value, dict) and all(
    isinstance(key, str) and _whole(number) for key, number in value.items()))

#: power -> carried key -> its kind (each power's ``initial_carry`` keys, with the rule that keeps them).
KINDS: dict[str, dict[str, Kind]] = {
    "germany": {"surrendered": FLAG, "surrender_turn": TURN},                                      # 55.1
    "italy": {"surrendered": FLAG, "surrender_turn": TURN, "surrender_level": WHOLE,              # 56.1, 56.31
              "selection_order": TEXTS, "named_ships": RECORDS},                                  # 56.32, 56.321
    "china": {"defections": WHOLE, "wang_additions": WHOLE, "last_level": WHOLE},                 # 61.3
    "japan": {"surrendered": FLAG, "surrender_turn": TURN, "cumulative_total": WHOLE,             # 57.1
              "max_island_groups": WHOLE, "loss_remnant": WHOLE, "war_turn": TURN,                # 57.11, 57.14
              "war_began_on_russia": FLAG, "us_war_turn": TURN},                                  # 57.14A
    "france": {"surrendered": FLAG, "surrender_turn": TURN, "surrender_level": WHOLE,             # 58.1, 58.22
               "vichy": FLAG, "german_first_hex_turn": TURN},                                     # 58.5, 58.21
    "britain": {"surrendered": FLAG, "surrender_level": WHOLE, "surrender_turn": TURN,            # 59.4
                "surrenders": WHOLE_NUMBERS, "conciliation_points": WHOLE, "usat_reduction": WHOLE,  # 59.75
                "far_east_choice": TEXT, "at_peace": FLAG, "no_more_surrenders": FLAG,            # 59.8, 59.86
                "returned_territories": TEXTS, "declined_offers": TURNS, "ceded": TEXTS,           # 59.73C, 59.32, 59.6
                "units_removed": COUNTS},                                                          # 59.871
    "russia": {"lowest_removal_level": WHOLE, "brp_option": TEXT, "ics_frozen_for": TURN},        # 60.21, 60.32
    "election": {"results": RECORDS, "level_europe": WHOLE, "level_pacific": WHOLE,               # 62.4
                 "tension_europe": WHOLE, "tension_pacific": WHOLE, "us_defeated": FLAG,          # 62.5, 62.82
                 "allied_defeat_turn": TURN},                                                      # 62.91
}


def problem(power: str, key: str, value: Any) -> str | None:
    """Why ``value`` cannot be power's carried ``key`` ("carry.election.level_europe: expected a whole number,
    got "x""), or None: it is of its kind, or empty, or a key no power keeps."""
    kind = KINDS.get(power, {}).get(key)
    if kind is None or value is None or kind.holds(value):
        return None
    return f"carry.{power}.{key}: expected {kind.words}, got {short(value)}"
