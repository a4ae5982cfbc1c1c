"""Defection to the Soviets (56.B): a die per ground unit, the 12 turns without RPs, and the steps of 56.B.3-4."""

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
RP_READING = ("No RPs (special replacements aside) on the defection turn and the 12 game turns after it; RPs resume "
              "on the 13th turn after the defection.")


class DefectionRecord(Frozen):
    defected: EuropaTurn | None = None
    units: tuple[DefectingUnit, ...] = ()
    steps_done: tuple[str, ...] = ()

    def rp_pause_left(self, turn: EuropaTurn) -> int:
        """Game turns without RPs still to come, this one included (12 on the defection turn and the next)."""
        if self.defected is None or turn < self.defected:
            return 0
        return min(NO_RP_TURNS, max(0, NO_RP_TURNS + 1 - turn.turns_since(self.defected)))

    def receives_rps(self, turn: EuropaTurn) -> bool:
        return self.rp_pause_left(turn) == 0

    def to_json(self) -> dict[str, Any]:
        return {"defected": self.defected.to_json() if self.defected else None,
                "units": [u.to_json() for u in self.units], "steps_done": list(self.steps_done)}

    @classmethod
    def from_json(cls, data: Any, where: str) -> DefectionRecord:
        f = Fields(data, where, ("defected", "units", "steps_done"))
        steps = f.get("steps_done")
        if not isinstance(steps, list) or any(step not in STEP_KEYS for step in steps) or len(set(steps)) != len(steps):
            raise RulesInputError(f"{where}.steps_done: expected distinct steps out of {', '.join(STEP_KEYS)}")
        record = cls(f.optional_turn("defected"), tuple(DefectingUnit.from_json(i, at) for at, i in f.items("units")),
                     tuple(steps))
        if record.defected is None and (record.units or record.steps_done):
            raise RulesInputError(f"{where}: rolls or steps are recorded but the nation has not defected")
        return record


def defect(record: DefectionRecord, turn: EuropaTurn, units: tuple[DefectingUnit, ...]) -> DefectionRecord:
    if record.defected is not None:
        raise RulesInputError(f"the nation already defected on {record.defected}")
    return replace(record, defected=turn, units=units)


def tick_step(record: DefectionRecord, key: str, done: bool = True) -> DefectionRecord:
    if record.defected is None:
        raise RulesInputError("the nation has not defected")
    if key not in STEP_KEYS:
        raise RulesInputError(f"no defection step {key!r}")
    steps = [s for s in STEP_KEYS if (s in record.steps_done or s == key) and not (s == key and not done)]
    return replace(record, steps_done=tuple(steps))
