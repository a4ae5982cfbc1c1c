"""Changes to a nation's order of battle for the RE count (56.E), one unit at a time: added, changed or removed in
place.  Every unit is taken; what 56.E does not count counts 0 with its reason (``unit_count``)."""

from __future__ import annotations

from ..frozen import replace
from ..lines import RulesInputError
from .actions_base import update_nation
from .roster import RosterEntry
from .state import EuropaGame

MAX_UNITS = 1000


def add_unit(game: EuropaGame, name: str, unit: RosterEntry) -> EuropaGame:
    if len(game.nation(name).roster) >= MAX_UNITS:
        raise RulesInputError(f"a roster holds at most {MAX_UNITS} entries")
    return update_nation(game, name, lambda n: replace(n, roster=(*n.roster, unit)))


def change_unit(game: EuropaGame, name: str, index: int, unit: RosterEntry) -> EuropaGame:
    roster = game.nation(name).roster
    if not 0 <= index < len(roster):
        raise RulesInputError("no such unit in the roster")
    return update_nation(game, name, lambda n: replace(n, roster=tuple(
        unit if i == index else entry for i, entry in enumerate(n.roster))))


def remove_unit(game: EuropaGame, name: str, index: int) -> EuropaGame:
    roster = game.nation(name).roster
    if not 0 <= index < len(roster):
        raise RulesInputError("no such unit in the roster")
    return update_nation(game, name, lambda n: replace(n, roster=n.roster[:index] + n.roster[index + 1:]))
