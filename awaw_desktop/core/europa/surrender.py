"""Surrender (56.A) and what each surrender roll costs (56.E.3).

The text gives neither the surrender conditions nor a surrender-roll table: the players type the
nation's condition, tick when it is met, and record each roll (the die and the outcome in their
words).  The app keeps the special replacement rate: each roll lowers it by a further 10 points,
never below 0; a new government (RSI, Free France) starts at its own rate and is lowered only by
rolls made after it forms.
"""

from __future__ import annotations

from typing import Any

from ..frozen import Frozen, replace
from ..lines import RulesInputError
from .calendar import EuropaTurn
from .dice import check_die, check_source
from .jsonread import Fields

RULE = "56.A"
ROLL_RULE = "56.E.3"
RATE_STEP = 10
RATE_READING = ("Each surrender roll lowers the special replacement rate by 10 points (not 10 per cent of it), "
                "never below 0.")
GOVERNMENT_READING = ("A new government starts at the rate the players give it and is lowered only by rolls recorded "
                      "after it formed.")
#: What a surrender means (56.A), in our words.
CONSEQUENCES = (
    (RULE, "All of the nation's forces in play are eliminated."),
    (RULE, "Its accumulated reinforcements are lost."),
    (RULE, "It receives no more reinforcements or replacements for the rest of the game."),
)


class SurrenderRoll(Frozen):
    turn: EuropaTurn
    die: int
    source: str
    outcome: str = ""   # the players' words: the text has no roll table

    def __post_init__(self) -> None:
        check_die(self.die, "a surrender roll")
        check_source(self.source)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "die": self.die, "source": self.source, "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: Any, where: str) -> SurrenderRoll:
        f = Fields(data, where, ("turn", "die", "source", "outcome"))
        return cls(f.turn("turn"), f.integer("die", 1, 6), f.choice("source", ("typed", "rolled")),
                   f.text("outcome", 500))


class Government(Frozen):
    """A new government (RSI Italian, Free France) with its own special replacement rate."""

    name: str
    rate: int
    formed: EuropaTurn
    rolls_before: int   # rolls already recorded when it formed: they do not lower its rate

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rate": self.rate, "formed": self.formed.to_json(),
                "rolls_before": self.rolls_before}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Government:
        f = Fields(data, where, ("name", "rate", "formed", "rolls_before"))
        return cls(f.text("name", 80), f.integer("rate", 0, 100), f.turn("formed"), f.integer("rolls_before", 0, 500))


class SurrenderRecord(Frozen):
    condition: str = ""          # the players' words for when the nation must roll
    condition_met: bool = False  # ticked by the players: a roll is due at the start of each turn
    special_rate: int = 50       # the nation's special replacement rate before any roll, in per cent
    rolls: tuple[SurrenderRoll, ...] = ()
    governments: tuple[Government, ...] = ()
    surrendered: EuropaTurn | None = None

    def rate(self) -> int:
        """The special replacement rate now: 10 points lower per roll, never below 0 (56.E.3)."""
        return max(0, self.special_rate - RATE_STEP * len(self.rolls))

    def government_rate(self, name: str) -> int:
        for government in self.governments:
            if government.name == name:
                return max(0, government.rate - RATE_STEP * (len(self.rolls) - government.rolls_before))
        raise RulesInputError(f"no new government called {name!r}")

    def to_json(self) -> dict[str, Any]:
        return {"condition": self.condition, "condition_met": self.condition_met, "special_rate": self.special_rate,
                "rolls": [r.to_json() for r in self.rolls], "governments": [g.to_json() for g in self.governments],
                "surrendered": self.surrendered.to_json() if self.surrendered else None}

    @classmethod
    def from_json(cls, data: Any, where: str) -> SurrenderRecord:
        f = Fields(data, where, ("condition", "condition_met", "special_rate", "rolls", "governments",
                                 "surrendered"))
        record = cls(f.text("condition", 1000), f.flag("condition_met"), f.integer("special_rate", 0, 100),
                     tuple(SurrenderRoll.from_json(item, at) for at, item in f.items("rolls")),
                     tuple(Government.from_json(item, at) for at, item in f.items("governments")),
                     f.optional_turn("surrendered"))
        for government in record.governments:
            if government.rolls_before > len(record.rolls):
                raise RulesInputError(f"{where}: {government.name} formed after more rolls than were recorded")
        return record


def set_special_rate(record: SurrenderRecord, rate: int) -> SurrenderRecord:
    if isinstance(rate, bool) or not isinstance(rate, int) or not 0 <= rate <= 100:
        raise RulesInputError(f"a special replacement rate is 0 to 100 per cent, not {rate!r}")
    return replace(record, special_rate=rate)


def record_roll(record: SurrenderRecord, turn: EuropaTurn, die: int, source: str, outcome: str = "") -> SurrenderRecord:
    if record.surrendered is not None:
        raise RulesInputError(f"the nation surrendered on {record.surrendered}: it makes no more surrender rolls")
    return replace(record, rolls=(*record.rolls, SurrenderRoll(turn, die, source, outcome.strip())))


def form_government(record: SurrenderRecord, name: str, rate: int, turn: EuropaTurn) -> SurrenderRecord:
    name = name.strip()
    if not name:
        raise RulesInputError("give the new government a name (like 'RSI Italy')")
    if any(g.name == name for g in record.governments):
        raise RulesInputError(f"there is already a government called {name!r}")
    if isinstance(rate, bool) or not isinstance(rate, int) or not 0 <= rate <= 100:
        raise RulesInputError(f"a special replacement rate is 0 to 100 per cent, not {rate!r}")
    return replace(record, governments=(*record.governments, Government(name, rate, turn, len(record.rolls))))


def surrender(record: SurrenderRecord, turn: EuropaTurn) -> SurrenderRecord:
    if record.surrendered is not None:
        raise RulesInputError(f"the nation already surrendered on {record.surrendered}")
    return replace(record, surrendered=turn, condition_met=False)
