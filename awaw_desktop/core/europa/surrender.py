"""Surrender (56.A) and what each surrender roll costs (56.E.3).

The text gives neither the surrender conditions nor a surrender-roll table: the players type the
nation's condition, record whether it holds (checked at the start of each game turn, 56.A), and record
each roll (the die and the outcome in their words).  The app keeps the special replacement rate: each roll
lowers it by a further 10 points, never below 0.  A new government (RSI, Free France) starts at its own rate
and is lowered only by its own rolls (56.E.3's note): a roll is made for the nation or for one of its
governments, and a government may roll after the nation itself has surrendered.
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
MAX_GOVERNMENT = 80
RATE_READING = ("Each surrender roll lowers the special replacement rate by 10 points (not 10 per cent of it), "
                "never below 0.")
GOVERNMENT_READING = ("A new government starts at the rate the players give it and is lowered only by its own "
                      "surrender rolls, never by the old government's; it may roll after the nation itself has "
                      "surrendered (the RSI after Italy's surrender).")
RATE_NOT_ENTERED_READING = ("A nation's special replacement rate is not entered until the players enter it: the "
                            "app assumes no rate (it was 50% before file version 2).")
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
    by: str = ""        # "" for the nation itself, else the new government that rolled (56.E.3's note)

    def __post_init__(self) -> None:
        check_die(self.die, "a surrender roll")
        check_source(self.source)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "die": self.die, "source": self.source, "outcome": self.outcome,
                "by": self.by}

    @classmethod
    def from_json(cls, data: Any, where: str) -> SurrenderRoll:
        f = Fields(data, where, ("turn", "die", "source", "outcome", "by"))
        return cls(f.turn("turn"), f.integer("die", 1, 6), f.choice("source", ("typed", "rolled")),
                   f.text("outcome", 500), f.text("by", MAX_GOVERNMENT))


class Government(Frozen):
    """A new government (RSI Italian, Free France) with its own special replacement rate."""

    name: str
    rate: int
    formed: EuropaTurn

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rate": self.rate, "formed": self.formed.to_json()}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Government:
        f = Fields(data, where, ("name", "rate", "formed"))
        return cls(f.text("name", MAX_GOVERNMENT), f.integer("rate", 0, 100), f.turn("formed"))


class SurrenderRecord(Frozen):
    condition: str = ""              # the players' words for when the nation must roll
    condition_met: bool | None = None  # recorded by the players: None until they say (56.A, checked each turn)
    special_rate: int | None = None  # the nation's special replacement rate before any roll, in per cent
    rolls: tuple[SurrenderRoll, ...] = ()
    governments: tuple[Government, ...] = ()
    surrendered: EuropaTurn | None = None

    def own_rolls(self, by: str = "") -> tuple[SurrenderRoll, ...]:
        """The rolls made for the nation itself (``by`` ""), or for one of its governments."""
        return tuple(roll for roll in self.rolls if roll.by == by)

    def rate(self) -> int | None:
        """The special replacement rate now: 10 points lower per roll of the nation's own, never below 0 (56.E.3);
        None while nobody has entered the rate."""
        if self.special_rate is None:
            return None
        return max(0, self.special_rate - RATE_STEP * len(self.own_rolls()))

    def government(self, name: str) -> Government:
        for government in self.governments:
            if government.name == name:
                return government
        raise RulesInputError(f"no new government called {name!r}")

    def government_rate(self, name: str) -> int:
        """A new government's rate: lowered only by its own rolls (56.E.3's note)."""
        return max(0, self.government(name).rate - RATE_STEP * len(self.own_rolls(name)))

    def to_json(self) -> dict[str, Any]:
        return {"condition": self.condition, "condition_met": self.condition_met, "special_rate": self.special_rate,
                "rolls": [r.to_json() for r in self.rolls], "governments": [g.to_json() for g in self.governments],
                "surrendered": self.surrendered.to_json() if self.surrendered else None}

    @classmethod
    def from_json(cls, data: Any, where: str) -> SurrenderRecord:
        f = Fields(data, where, ("condition", "condition_met", "special_rate", "rolls", "governments",
                                 "surrendered"))
        rate = None if f.get("special_rate") is None else f.integer("special_rate", 0, 100)
        record = cls(f.text("condition", 1000), f.optional_flag("condition_met"), rate,
                     tuple(SurrenderRoll.from_json(item, at) for at, item in f.items("rolls")),
                     tuple(Government.from_json(item, at) for at, item in f.items("governments")),
                     f.optional_turn("surrendered"))
        names = [g.name for g in record.governments]
        if len(set(names)) != len(names):
            raise RulesInputError(f"{where}.governments: two governments have the same name")
        for roll in record.rolls:
            if roll.by and roll.by not in names:
                raise RulesInputError(f"{where}.rolls: a roll for {roll.by!r}, a government that never formed")
            if roll.by and roll.turn < record.government(roll.by).formed:
                raise RulesInputError(f"{where}.rolls: {roll.by} rolled before it formed")
        return record


def set_special_rate(record: SurrenderRecord, rate: int | None) -> SurrenderRecord:
    if rate is not None:
        check_rate(rate)
    return replace(record, special_rate=rate)


def check_rate(rate: object) -> int:
    if isinstance(rate, bool) or not isinstance(rate, int) or not 0 <= rate <= 100:
        raise RulesInputError(f"a special replacement rate is 0 to 100 per cent, not {rate!r}")
    return rate


def record_roll(record: SurrenderRecord, turn: EuropaTurn, die: int, source: str, outcome: str = "",
                by: str = "") -> SurrenderRecord:
    """A roll for the nation (``by`` "") or for one of its new governments, which may roll after the nation
    itself surrendered (the RSI after Italy's surrender)."""
    by = by.strip()
    if by:
        record.government(by)
    elif record.surrendered is not None:
        raise RulesInputError(f"the nation surrendered on {record.surrendered}: it makes no more surrender rolls"
                              + (" (a new government rolls for itself)" if record.governments else ""))
    return replace(record, rolls=(*record.rolls, SurrenderRoll(turn, die, source, outcome.strip(), by)))


def form_government(record: SurrenderRecord, name: str, rate: int, turn: EuropaTurn) -> SurrenderRecord:
    name = " ".join(name.split())
    if not name:
        raise RulesInputError("give the new government a name (like 'RSI Italy')")
    if len(name) > MAX_GOVERNMENT:
        raise RulesInputError(f"a government's name is at most {MAX_GOVERNMENT} characters")
    if any(g.name == name for g in record.governments):
        raise RulesInputError(f"there is already a government called {name!r}")
    check_rate(rate)
    return replace(record, governments=(*record.governments, Government(name, rate, turn)))


def surrender(record: SurrenderRecord, turn: EuropaTurn) -> SurrenderRecord:
    if record.surrendered is not None:
        raise RulesInputError(f"the nation already surrendered on {record.surrendered}")
    return replace(record, surrendered=turn)
