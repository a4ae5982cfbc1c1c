"""What every module of changes (``actions`` and its siblings) shares: the game record's line and the change to one
nation.  Each recorded event is one pure function returning a new game, so the lead's game record can hook onto it."""

from __future__ import annotations

from collections.abc import Callable

from ..frozen import replace
from ..lines import RulesInputError
from .state import EuropaGame, LogEntry, NationState


def log_event(game: EuropaGame, rule: str, nation: str, text: str) -> EuropaGame:
    """``game`` with one more line in its record, on the current turn."""
    return replace(game, log=(*game.log, LogEntry(game.turn, rule, nation, text)))


def update_nation(game: EuropaGame, name: str, change: Callable[[NationState], NationState]) -> EuropaGame:
    target = game.nation(name)
    return replace(game, nations=tuple(change(n) if n is target else n for n in game.nations))


def state_word(nation: NationState) -> str:
    """"surrendered on Sep I 1943" / "defected on ..." for a nation that left the Axis, else ""."""
    if nation.surrender.surrendered is not None:
        return f"surrendered on {nation.surrender.surrendered}"
    if nation.defection.defected is not None:
        return f"defected to the Soviets on {nation.defection.defected}"
    return ""


def require_active(nation: NationState, what: str) -> None:
    """Refuse ``what`` for a nation that surrendered (56.A) or defected (56.B): it is no longer Axis-Allied."""
    if not nation.active:
        raise RulesInputError(f"{nation.name} {state_word(nation)}: it is no longer an Axis-Allied nation, so {what}")
