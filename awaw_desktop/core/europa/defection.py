"""Defection to the Soviets (56.B): the players' condition, checked at the start of each game turn, the checks
they record, a die per ground unit, the turns without RPs, and the steps of 56.B.3-4.

The text gives no defection conditions and no defection table: as for surrender, the players type the condition,
record whether it holds, and record each turn's check in their words (with a die if their scenario rolls one).
Nothing is decided for them: the nation defects when they say so."""

from __future__ import annotations

from typing import Any

from ..frozen import Frozen, replace
from ..lines import RulesInputError
from .calendar import EuropaTurn
from .dice import check_die, check_source
from .jsonread import Fields

RULE = "56.B"
CM_BONUS = 2
SUPPLY_ISOLATED_FROM = 7
COMBAT_ISOLATED_FROM = 5
NO_RP_TURNS = 12
ELIMINATED_SUPPLY = "eliminated as supply-isolated"
ELIMINATED_COMBAT = "eliminated as combat-isolated"
TO_SOVIET = "passes to the Soviet player"


class DefectingUnit(Frozen):
    label: str
    cm_or_cavalry: bool
    die: int
    source: str

    def __post_init__(self) -> None:
        check_die(self.die, f"{self.label or 'a unit'}'s defection roll")
        check_source(self.source)

    @property
    def modified(self) -> int:
        return self.die + (CM_BONUS if self.cm_or_cavalry else 0)

    @property
    def fate(self) -> str:
        """56.B.1: 7 or more eliminated as supply isolated, 5-6 as combat isolated, else to the Soviets."""
        if self.modified >= SUPPLY_ISOLATED_FROM:
            return ELIMINATED_SUPPLY
        if self.modified >= COMBAT_ISOLATED_FROM:
            return ELIMINATED_COMBAT
        return TO_SOVIET

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "cm_or_cavalry": self.cm_or_cavalry, "die": self.die, "source": self.source}

    @classmethod
    def from_json(cls, data: Any, where: str) -> DefectingUnit:
        f = Fields(data, where, ("label", "cm_or_cavalry", "die", "source"))
        return cls(f.text("label"), f.flag("cm_or_cavalry"), f.integer("die", 1, 6), f.choice("source",
                                                                                            ("typed", "rolled")))


class Step(Frozen):
    key: str
    rule: str
    text: str


#: 56.B.2-4 as a checklist, in our words (56.B.1 is the rolls above).
CHECKLIST = (
    Step("reinforcements", "56.B.2", "Strike the nation's reinforcements from the Axis order of battle."),
    Step("rps_lost", "56.B.2", "The nation's accumulated replacement points are lost."),
    Step("inside", "56.B.3", "Shared hexes inside the defecting country: Axis ground units retreat, Axis air "
                             "units try to escape."),
    Step("outside", "56.B.3", "Shared hexes outside it: the defecting nation's ground units try to retreat and its "
                              "air units try to escape."),
    Step("retreats", "56.B.3", "Resolve those retreats like combat retreats, ignoring the ZOCs of both sides' units."),
    Step("hexes", "56.B.4", "Hexes of the nation neither occupied by Axis units nor in their uncontested ZOCs become "
                            "Soviet-owned, if they trace a Line of Communication to a supplied hex."),
)
STEP_KEYS = tuple(step.key for step in CHECKLIST)
RP_READING = ("No RPs (special replacements aside) on the defection turn and the 12 game turns after it, 13 turns in "
              "all; RPs resume on the 13th turn after the defection.")
CHECK_READING = ("The text gives no defection conditions or table: the players enter the condition and record whether "
                 "it holds; while it holds, a check is due at the start of each game turn (56.B) until they record "
                 "it, and the nation defects only when they say so.")


class DefectionCheck(Frozen):
    """A start-of-turn defection check as the players record it (56.B): their words, and a die if they rolled."""

    turn: EuropaTurn
    outcome: str
    die: int | None = None
    source: str = ""

    def __post_init__(self) -> None:
        if self.die is not None:
            check_die(self.die, "a defection check")
            check_source(self.source)
        elif self.source:
            raise RulesInputError("a defection check without a die has no die source")

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "outcome": self.outcome, "die": self.die, "source": self.source}

    @classmethod
    def from_json(cls, data: Any, where: str) -> DefectionCheck:
        f = Fields(data, where, ("turn", "outcome", "die", "source"))
        die = None if f.get("die") is None else f.integer("die", 1, 6)
        return cls(f.turn("turn"), f.text("outcome", 500), die, f.choice("source", ("", "typed", "rolled")))


class DefectionRecord(Frozen):
    defected: EuropaTurn | None = None
    units: tuple[DefectingUnit, ...] = ()
    steps_done: tuple[str, ...] = ()
    condition: str = ""                 # the players' words for when a defection check is made (56.B)
    condition_met: bool | None = None   # recorded by the players: None until they say
    checks: tuple[DefectionCheck, ...] = ()

    def rp_pause_left(self, turn: EuropaTurn) -> int:
        """Game turns without RPs still to come, this one included: 13 on the defection turn (it and the 12 after
        it, 56.B.2), 1 on the 12th turn after it, 0 from the 13th."""
        if self.defected is None or turn < self.defected:
            return 0
        return max(0, NO_RP_TURNS + 1 - turn.turns_since(self.defected))

    def rps_resume(self) -> EuropaTurn | None:
        """The first game turn with RPs again."""
        return self.defected.plus_turns(NO_RP_TURNS + 1) if self.defected is not None else None

    def receives_rps(self, turn: EuropaTurn) -> bool:
        return self.rp_pause_left(turn) == 0

    def checked_on(self, turn: EuropaTurn) -> DefectionCheck | None:
        return next((check for check in reversed(self.checks) if check.turn == turn), None)

    def to_json(self) -> dict[str, Any]:
        return {"defected": self.defected.to_json() if self.defected else None,
                "units": [u.to_json() for u in self.units], "steps_done": list(self.steps_done),
                "condition": self.condition, "condition_met": self.condition_met,
                "checks": [check.to_json() for check in self.checks]}

    @classmethod
    def from_json(cls, data: Any, where: str) -> DefectionRecord:
        f = Fields(data, where, ("defected", "units", "steps_done", "condition", "condition_met", "checks"))
        steps = f.get("steps_done")
        if not isinstance(steps, list) or any(step not in STEP_KEYS for step in steps) or len(set(steps)) != len(steps):
            raise RulesInputError(f"{where}.steps_done: expected distinct steps out of {', '.join(STEP_KEYS)}")
        record = cls(f.optional_turn("defected"), tuple(DefectingUnit.from_json(i, at) for at, i in f.items("units")),
                     tuple(steps), f.text("condition", 1000), f.optional_flag("condition_met"),
                     tuple(DefectionCheck.from_json(i, at) for at, i in f.items("checks", 1000)))
        if record.defected is None and (record.units or record.steps_done):
            raise RulesInputError(f"{where}: rolls or steps are recorded but the nation has not defected")
        return record


def defect(record: DefectionRecord, turn: EuropaTurn, units: tuple[DefectingUnit, ...]) -> DefectionRecord:
    if record.defected is not None:
        raise RulesInputError(f"the nation already defected on {record.defected}")
    return replace(record, defected=turn, units=units)


def record_check(record: DefectionRecord, turn: EuropaTurn, outcome: str, die: int | None = None,
                 source: str = "") -> DefectionRecord:
    if record.defected is not None:
        raise RulesInputError(f"the nation defected on {record.defected}: no more defection checks")
    outcome = outcome.strip()
    if not outcome and die is None:
        raise RulesInputError("say what the defection check gave (in your words), or give its die")
    if len(outcome) > 500:
        raise RulesInputError("a defection check's outcome is at most 500 characters")
    return replace(record, checks=(*record.checks, DefectionCheck(turn, outcome, die, source if die else "")))


def tick_step(record: DefectionRecord, key: str, done: bool = True) -> DefectionRecord:
    if record.defected is None:
        raise RulesInputError("the nation has not defected")
    if key not in STEP_KEYS:
        raise RulesInputError(f"no defection step {key!r}")
    steps = [s for s in STEP_KEYS if (s in record.steps_done or s == key) and not (s == key and not done)]
    return replace(record, steps_done=tuple(steps))
