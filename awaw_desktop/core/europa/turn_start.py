"""What is due at the start of a game turn (56.A, 56.B, 56.E.1): the checks whose conditions the players recorded
as holding, the conditions still to be recorded, a card due to be shown.  Derived from the game, never stored;
nothing here decides for the players: a check is listed until they record it."""

from __future__ import annotations

from ..frozen import Frozen
from .defection import RULE as DEFECTION_RULE
from .envelope import RULE as ENVELOPE_RULE
from .envelope import Stage
from .state import EuropaGame, NationState
from .surrender import RULE as SURRENDER_RULE

SURRENDER_CHECK = "surrender-check"
DEFECTION_CHECK = "defection-check"
RECORD_SURRENDER = "record-surrender-condition"
RECORD_DEFECTION = "record-defection-condition"
SHOW_CARD = "show-card"


class Due(Frozen):
    """One thing due this turn for a nation, and whether the players have recorded it."""

    nation: str
    kind: str
    rule: str
    text: str
    done: bool = False

    def __str__(self) -> str:
        return f"{self.nation}: {self.text} ({self.rule})"


def _nation_due(nation: NationState, game: EuropaGame) -> list[Due]:
    if not nation.active:
        return []
    found: list[Due] = []
    record, defection = nation.surrender, nation.defection
    if record.condition_met:
        rolled = [roll for roll in record.own_rolls() if roll.turn == game.turn]
        text = (f"surrender check recorded: rolled {rolled[-1].die}" if rolled else
                "the surrender condition holds: a surrender check is due")
        found.append(Due(nation.name, SURRENDER_CHECK, SURRENDER_RULE, text, bool(rolled)))
    elif record.condition and record.condition_met is None:
        found.append(Due(nation.name, RECORD_SURRENDER, SURRENDER_RULE,
                         "record whether the surrender condition holds"))
    if defection.condition_met:
        check = defection.checked_on(game.turn)
        text = ("defection check recorded" + (f": {check.outcome}" if check.outcome else "") if check else
                "the defection condition holds: a defection check is due")
        found.append(Due(nation.name, DEFECTION_CHECK, DEFECTION_RULE, text, check is not None))
    elif defection.condition and defection.condition_met is None:
        found.append(Due(nation.name, RECORD_DEFECTION, DEFECTION_RULE,
                         "record whether the defection condition holds"))
    envelope = nation.envelope
    if envelope is not None and envelope.stage(game.turn) is Stage.TO_SHOW:
        found.append(Due(nation.name, SHOW_CARD, ENVELOPE_RULE, "the card is due to be shown to both sides"))
    return found


def due_this_turn(game: EuropaGame, nation: str | None = None) -> tuple[Due, ...]:
    """Everything due this turn, nation by nation (or for one nation), recorded or not."""
    nations = game.nations if nation is None else (game.nation(nation),)
    return tuple(due for each in nations for due in _nation_due(each, game))


def checks_due(game: EuropaGame) -> tuple[Due, ...]:
    """The surrender and defection checks still to be recorded this turn (the turn's events list them)."""
    return tuple(due for due in due_this_turn(game) if due.kind in (SURRENDER_CHECK, DEFECTION_CHECK)
                 and not due.done)
