"""Force reductions when Britain surrenders (59.511-59.514), with the naval discounts of 59.513D."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import StrEnum
from typing import Any

from ...frozen import Frozen, force_setattr
from ...lines import RulesInputError
from ..common import Scenario
from .offer import LOWEST_SURRENDER_LEVEL, whole_number


class Reductions(Frozen):
    """What Britain must remove (59.512): AAF, BRPs of ground units or NAS, naval factors."""

    aaf: int = 0
    ground_nas_brps: int = 0
    naval_factors: int = 0

    def to_json(self) -> dict[str, int]:
        return {"aaf": self.aaf, "ground_nas_brps": self.ground_nas_brps, "naval_factors": self.naval_factors}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reductions:
        return cls(int(data.get("aaf", 0)), int(data.get("ground_nas_brps", 0)), int(data.get("naval_factors", 0)))


def required_reductions(levels_counted: int) -> Reductions:
    """59.512: per counted level, 2 AAF, 4 BRPs of ground units or NAS and 10 naval factors
    (a "0" surrender removes nothing, 59.511)."""
    levels = whole_number("levels_counted", levels_counted)
    if levels < 0 or levels > -LOWEST_SURRENDER_LEVEL:
        raise RulesInputError(f"levels_counted: must be between 0 and 10 (got {levels})")
    return Reductions(2 * levels, 4 * levels, 10 * levels)


class ShipState(StrEnum):
    """Where a British naval unit is, for its value towards the naval reduction (59.513D)."""

    ACTIVE = "active"
    DAMAGED = "damaged"
    SUNK_IN_PORT = "sunk-in-port"
    SALVAGEABLE = "salvageable"
    LAUNCH_ROW = "launch-row"
    ROW_2 = "row-2"
    ROW_3 = "row-3"
    ROW_4 = "row-4"
    ROW_5 = "row-5"


#: Factors subtracted from a ship's value (59.513D).  Salvageable ships are not given their own
#: figure in the rule: we discount them like ships sunk in port (resources/readings/britain.md).
SHIP_DISCOUNT: Mapping[ShipState, int] = {
    ShipState.ACTIVE: 0, ShipState.DAMAGED: 1, ShipState.SUNK_IN_PORT: 2, ShipState.SALVAGEABLE: 2,
    ShipState.LAUNCH_ROW: 0, ShipState.ROW_2: 1, ShipState.ROW_3: 2, ShipState.ROW_4: 3, ShipState.ROW_5: 4,
}


#: Each state in the players' words, as the wizard offers it and its summary says it.
SHIP_STATE_WORDS: Mapping[ShipState, str] = {
    ShipState.ACTIVE: "Intact",
    ShipState.DAMAGED: "Damaged",
    ShipState.SUNK_IN_PORT: "Sunk in port",
    ShipState.SALVAGEABLE: "Salvageable (as sunk in port)",
    ShipState.LAUNCH_ROW: "Construction chart: Launch row",
    ShipState.ROW_2: "Construction chart: row 2",
    ShipState.ROW_3: "Construction chart: row 3",
    ShipState.ROW_4: "Construction chart: row 4",
    ShipState.ROW_5: "Construction chart: row 5",
}


#: Readings beside the discount data (also in resources/readings/britain.md and docs/rules-readings.md).
SHIP_READINGS: Mapping[ShipState, str] = {
    ShipState.SALVAGEABLE: "59.513D lists salvageable ships among the discounted ones without a figure: a "
                           "salvageable ship (sunk in port, can be salvaged) is discounted like a ship sunk in port, "
                           "-2 (our reading).",
}


def ship_value(factors: int, state: ShipState | str = ShipState.ACTIVE) -> int:
    """A naval unit's value towards the naval reduction, never below zero (59.513D)."""
    factors = whole_number("factors", factors)
    if factors < 0 or factors > 99:
        raise RulesInputError(f"factors: must be between 0 and 99 (got {factors})")
    try:
        state = ShipState(state)
    except ValueError as error:
        known = ", ".join(s.value for s in ShipState)
        raise RulesInputError(f"state: {state!r} is not one of {known}") from error
    return max(0, factors - SHIP_DISCOUNT[state])


class Ship(Frozen):
    """A naval unit the British player offers for elimination."""

    name: str
    factors: int
    state: ShipState = ShipState.ACTIVE

    def __post_init__(self) -> None:
        try:
            force_setattr(self, "state", ShipState(self.state))
        except ValueError as error:
            known = ", ".join(s.value for s in ShipState)
            raise RulesInputError(f"state: {self.state!r} is not one of {known}") from error

    @property
    def value(self) -> int:
        return ship_value(self.factors, self.state)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "factors": self.factors, "state": self.state.value}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ship:
        return cls(str(data["name"]), int(data["factors"]), ShipState(data.get("state", ShipState.ACTIVE)))


class ReductionChoice(Frozen):
    """What the British player removes: AAF, BRPs of ground units/NAS, and the ships eliminated.
    ``naval_factors`` adds factors already valued (for a quick entry without a ship list)."""

    aaf: int = 0
    ground_nas_brps: int = 0
    ships: tuple[Ship, ...] = ()
    naval_factors: int = 0

    @property
    def naval_value(self) -> int:
        return self.naval_factors + sum(ship.value for ship in self.ships)

    def to_json(self) -> dict[str, Any]:
        return {"aaf": self.aaf, "ground_nas_brps": self.ground_nas_brps,
                "ships": [ship.to_json() for ship in self.ships], "naval_factors": self.naval_factors}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReductionChoice:
        return cls(int(data.get("aaf", 0)), int(data.get("ground_nas_brps", 0)),
                   tuple(Ship.from_json(ship) for ship in data.get("ships", ())), int(data.get("naval_factors", 0)))


class ReductionCheck(Frozen):
    met: bool
    shortfalls: tuple[str, ...]
    excess: Reductions


def reductions_met(required: Reductions, chosen: ReductionChoice,
                   available: Reductions | None = None) -> ReductionCheck:
    """Do the removals meet the requirement (59.513F)?  Each kind must reach its figure, or take
    everything of that kind that is available (59.513E: running out of one kind never moves the
    requirement to another kind).  Excess is allowed (59.513F: four 3-factor battleships for ten)."""
    for name, value in (("aaf", chosen.aaf), ("ground_nas_brps", chosen.ground_nas_brps),
                        ("naval_factors", chosen.naval_factors)):
        if whole_number(name, value) < 0:
            raise RulesInputError(f"{name}: cannot be negative (got {value})")
    got = {"aaf": chosen.aaf, "ground_nas_brps": chosen.ground_nas_brps, "naval_factors": chosen.naval_value}
    need = required.to_json()
    have = None if available is None else available.to_json()
    words = {"aaf": "AAF", "ground_nas_brps": "BRPs of ground units or NAS", "naval_factors": "naval factors"}
    shortfalls: list[str] = []
    for key in ("aaf", "ground_nas_brps", "naval_factors"):
        target = need[key] if have is None else min(need[key], have[key])
        if got[key] < target:
            shortfalls.append(f"{target - got[key]} more {words[key]} needed ({got[key]} of {target}, 59.512)")
    excess = Reductions(*(max(0, got[key] - need[key]) for key in ("aaf", "ground_nas_brps", "naval_factors")))
    return ReductionCheck(not shortfalls, tuple(shortfalls), excess)


#: The kinds of reduction, as keys of :class:`Reductions`.
REDUCTION_KINDS: tuple[str, ...] = ("aaf", "ground_nas_brps", "naval_factors")


def available_when_exhausted(required: Reductions, chosen: ReductionChoice,
                             exhausted: Collection[str] = ()) -> Reductions:
    """What is available for :func:`reductions_met` when the British player says some kinds have run
    out (59.513E): for those kinds, what was chosen is everything there is; the others are assumed
    to be plentiful (the requirement itself)."""
    unknown = sorted(set(exhausted) - set(REDUCTION_KINDS))
    if unknown:
        raise RulesInputError(f"exhausted: unknown kind(s) {', '.join(unknown)}")
    got = {"aaf": chosen.aaf, "ground_nas_brps": chosen.ground_nas_brps, "naval_factors": chosen.naval_value}
    need = required.to_json()
    return Reductions(*(min(need[kind], got[kind]) if kind in exhausted else need[kind]
                        for kind in REDUCTION_KINDS))


#: 59.514: units never removed or eliminated by a British surrender.
EXEMPT_UNITS: tuple[tuple[str, str], ...] = (
    ("59.514A", "Strategic bombers, interceptors and jets"),
    ("59.514B", "ASW and transports"),
    ("59.514C", "Canadian, South African, Australian and Indian ground, air and naval units"),
    ("59.514D", "Free French units"),
    ("59.514E", "Minor allies' and associated minor countries' units, unless the surrender terms change "
                "that country's status"),
)

_EXEMPT_KINDS = {"strategic-bomber": "59.514A", "interceptor": "59.514A", "jet": "59.514A",
                 "asw": "59.514B", "transport": "59.514B"}
_EXEMPT_NATIONS = {"canadian": "59.514C", "south-african": "59.514C", "australian": "59.514C",
                   "indian": "59.514C", "free-french": "59.514D"}


def exempt_reason(kind: str, nationality: str = "british", minor_status_changed: bool = False,
                  in_asia: bool = False, scenario: Scenario = Scenario.GLOBAL_WAR) -> str | None:
    """The rule that keeps a unit out of the reductions, or ``None`` when it may be removed.
    ``kind`` like "infantry", "aaf", "nas", "battleship", "jet", "transport"; ``nationality``
    "british", "canadian", ..., "free-french", "minor"."""
    kind = kind.lower().replace("_", "-").replace(" ", "-")
    nationality = nationality.lower().replace("_", "-").replace(" ", "-")
    if kind in _EXEMPT_KINDS:
        return _EXEMPT_KINDS[kind]
    if nationality in _EXEMPT_NATIONS:
        return _EXEMPT_NATIONS[nationality]
    if nationality == "minor" and not minor_status_changed:
        return "59.514E"
    # 59.513D names only naval units in Asia as exempt in a European scenario; 59.513B-C make ground
    # and air units subject to removal "in the European and Pacific theaters".  A European scenario has
    # no Pacific theater, so we exempt every unit in Asia there (resources/readings/britain.md).
    if in_asia and scenario is Scenario.EUROPEAN:
        return "59.513D"
    return None
