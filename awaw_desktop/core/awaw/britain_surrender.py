"""The procedures behind a British surrender (59.3-59.9), as pure functions a wizard can call.

* the offer and what accepting it counts (59.12, 59.23, 59.32, 59.41, 59.87, 59.872);
* force reductions (59.511-59.514) with the naval discounts of 59.513D;
* the British Concession Table as data and a validator for Germany's demands (59.61-59.68);
* German conciliation: returning Axis-held territory and its effects (59.71-59.75);
* the Far East (59.891-59.894);
* :func:`british_surrender_outcome`, which puts all of it together.

Every input and output is a frozen dataclass; outcomes convert to and from JSON.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum
from typing import Any

from ..lines import RulesInputError
from ..record import Record, field, force_setattr
from .common import Consequence, Scenario

#: 59.41: the British surrender level is never below -10.
LOWEST_SURRENDER_LEVEL = -10
#: 59.23: at this resistance level or lower Germany must accept the offer.
FORCED_ACCEPTANCE_LEVEL = -10
#: 59.65: concession points per level of surrender below zero.
POINTS_PER_LEVEL = 2
#: 59.67: indemnities Germany may impose, BRPs -> concession points.
INDEMNITY_POINTS: Mapping[int, int] = {0: 0, 10: 1, 20: 2, 30: 3}


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesInputError(f"{name}: expected a whole number, got {value!r}")
    return value


# ---------------------------------------------------------------------------------------------
# The offer (59.12, 59.23, 59.32, 59.41, 59.87, 59.872)
# ---------------------------------------------------------------------------------------------


class Offer(Record):
    """Whether Britain offers to surrender at a resistance level, and what acceptance would count."""

    resistance: int
    previous_level: int | None
    offered: bool
    may_decline: bool
    #: The surrender level if Germany accepts: the resistance level, never below -10 (59.41).
    surrender_level: int | None
    #: Levels that count for force reductions and concessions: the whole level the first time,
    #: the difference from the previous surrender level afterwards (59.872).
    counted_levels: int
    concession_points: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "resistance": self.resistance, "previous_level": self.previous_level, "offered": self.offered,
            "may_decline": self.may_decline, "surrender_level": self.surrender_level,
            "counted_levels": self.counted_levels, "concession_points": self.concession_points,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Offer:
        return cls(int(data["resistance"]),
                   None if data.get("previous_level") is None else int(data["previous_level"]),
                   bool(data["offered"]), bool(data["may_decline"]),
                   None if data.get("surrender_level") is None else int(data["surrender_level"]),
                   int(data["counted_levels"]), int(data["concession_points"]), str(data.get("reason", "")))


def surrender_level(resistance: int) -> int:
    """59.41: the surrender level is the resistance level at acceptance, never below -10."""
    return max(LOWEST_SURRENDER_LEVEL, _whole("resistance", resistance))


def counted_levels(new_level: int, previous_level: int | None) -> int:
    """Levels that count for a surrender at ``new_level`` (59.512, 59.872): the levels below zero
    the first time, only the difference from the previous surrender level afterwards."""
    new_level = _whole("new_level", new_level)
    if new_level > 0 or new_level < LOWEST_SURRENDER_LEVEL:
        raise RulesInputError(f"new_level: a surrender level is between -10 and 0 (got {new_level})")
    if previous_level is None:
        return -new_level
    previous_level = _whole("previous_level", previous_level)
    if previous_level > 0 or previous_level < LOWEST_SURRENDER_LEVEL:
        raise RulesInputError(f"previous_level: a surrender level is between -10 and 0 (got {previous_level})")
    return max(0, previous_level - new_level)


def concession_points(levels: int) -> int:
    """59.65: two concession points per counted level below zero."""
    levels = _whole("levels", levels)
    if levels < 0:
        raise RulesInputError(f"levels: cannot be negative (got {levels})")
    return POINTS_PER_LEVEL * levels


def offer(level: int, previous_level: int | None = None) -> Offer:
    """Does Britain offer to surrender at resistance ``level``?

    First surrender: an offer at 0 or less (59.12).  After a surrender, only when the resistance
    level is below the most recent surrender level (59.87, NOTES.md).  Germany may decline unless
    the resistance level is -10 or lower (59.23).  A declined offer lapses (59.32)."""
    level = _whole("level", level)
    if previous_level is not None:
        previous_level = _whole("previous_level", previous_level)
        if previous_level > 0 or previous_level < LOWEST_SURRENDER_LEVEL:
            raise RulesInputError(f"previous_level: a surrender level is between -10 and 0 (got {previous_level})")
    if previous_level is None:
        offered = level <= 0
        reason = ("resistance 0 or less: Britain offers to surrender (59.12)" if offered
                  else "resistance above 0: no offer (59.12)")
    else:
        offered = level < previous_level
        reason = (f"resistance below the last surrender level {previous_level}: a new offer (59.87)" if offered
                  else f"a new offer needs a resistance level below the last surrender level {previous_level} "
                       "(59.87)")
    if not offered:
        return Offer(level, previous_level, False, True, None, 0, 0, reason)
    new_level = surrender_level(level)
    levels = counted_levels(new_level, previous_level)
    may_decline = level > FORCED_ACCEPTANCE_LEVEL
    if not may_decline:
        reason += "; at -10 or lower Germany must accept (59.23)"
    return Offer(level, previous_level, True, may_decline, new_level, levels, concession_points(levels), reason)


def can_accept(offer_made_in: int, now: int, declined: bool) -> bool:
    """59.32: an offer can be accepted only in the turn it is made (turn numbers, see ``Turn.number``)
    and only if Germany has not declined it."""
    return not declined and _whole("offer_made_in", offer_made_in) == _whole("now", now)


# ---------------------------------------------------------------------------------------------
# Force reductions (59.51)
# ---------------------------------------------------------------------------------------------


class Reductions(Record):
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
    levels = _whole("levels_counted", levels_counted)
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


#: Readings beside the discount data (also in resources/readings/britain.md and docs/rules-readings.md).
SHIP_READINGS: Mapping[ShipState, str] = {
    ShipState.SALVAGEABLE: "59.513D lists salvageable ships among the discounted ones without a figure: a "
                           "salvageable ship (sunk in port, can be salvaged) is discounted like a ship sunk in port, "
                           "-2 (our reading).",
}


def ship_value(factors: int, state: ShipState | str = ShipState.ACTIVE) -> int:
    """A naval unit's value towards the naval reduction, never below zero (59.513D)."""
    factors = _whole("factors", factors)
    if factors < 0 or factors > 99:
        raise RulesInputError(f"factors: must be between 0 and 99 (got {factors})")
    try:
        state = ShipState(state)
    except ValueError as error:
        known = ", ".join(s.value for s in ShipState)
        raise RulesInputError(f"state: {state!r} is not one of {known}") from error
    return max(0, factors - SHIP_DISCOUNT[state])


class Ship(Record):
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


class ReductionChoice(Record):
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


class ReductionCheck(Record):
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
        if _whole(name, value) < 0:
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


# ---------------------------------------------------------------------------------------------
# Concessions (59.61-59.68)
# ---------------------------------------------------------------------------------------------


class ItemStatus(StrEnum):
    """Where a concession item stands when Britain surrenders.

    59.66D: an area of Britain held partly by each side stays ``ELIGIBLE`` (Germany pays the full price
    to take it all); to return it, mark it ``AXIS_CONTROLLED`` (59.73D-E ask only for the Axis to hold
    London, or Birmingham and Manchester; Scotland must be wholly Axis-held, 59.73F)."""

    ELIGIBLE = "eligible"                # British and may be demanded
    AXIS_CONTROLLED = "axis-controlled"  # already Axis-held: does not block, may be returned
    INDEPENDENT = "independent"          # not British (neutral or independent): does not block
    NOT_ELIGIBLE = "not-eligible"        # cannot be demanded for another reason: does not block


class MinorMode(StrEnum):
    """59.65 priority 2: a minor country is neutralised or passes to Axis control."""

    NEUTRALITY = "neutrality"
    AXIS_CONTROL = "axis-control"


class ConcessionItem(Record):
    key: str
    name: str
    priority: int
    value: int = 0           # concession points (named territories)
    minor_brps: int | None = None  # priority 2 minor countries: their BRP value
    note: str = ""

    @property
    def is_minor(self) -> bool:
        return self.minor_brps is not None

    def points(self, mode: MinorMode | str | None = None) -> int:
        """Concession points; a minor country's depends on the mode (1 or 2 per five BRPs, whole
        groups of five only, NOTES.md)."""
        if self.minor_brps is None:
            return self.value
        mode = MinorMode(mode or MinorMode.AXIS_CONTROL)
        groups = self.minor_brps // 5
        return groups if mode is MinorMode.NEUTRALITY else 2 * groups


#: The British Concession Table (59.65) in priority order; minor countries (priority 2) are added
#: per game with :func:`minor_country`.
CONCESSION_TABLE: tuple[ConcessionItem, ...] = (
    ConcessionItem("lebanon_syria", "Lebanon/Syria", 1, 1),
    ConcessionItem("tunisia", "Tunisia", 1, 1),
    ConcessionItem("algeria", "Algeria", 1, 1),
    ConcessionItem("morocco", "Morocco", 1, 1),
    ConcessionItem("libya", "Libya", 1, 1),
    ConcessionItem("albania", "Albania", 1, 1),
    ConcessionItem("malta", "Malta", 3, 1),
    ConcessionItem("palestine", "Palestine (with Cyprus)", 3, 1, note="Cyprus goes with Palestine"),
    ConcessionItem("transjordan", "Transjordan", 3, 1),
    ConcessionItem("egypt", "Egypt", 4, 2),
    ConcessionItem("iraq", "Iraq (with Kuwait)", 4, 2, note="Kuwait goes with Iraq"),
    ConcessionItem("gibraltar", "Gibraltar", 4, 3),
    ConcessionItem("ulster", "Ulster (joins Ireland)", 5, 2),
    ConcessionItem("ireland", "Ireland", 5, 2),
    ConcessionItem("scapa_flow", "Scapa Flow", 5, 3),
    ConcessionItem("scotland", "Scotland (hex rows C-F)", 6, 4),
    ConcessionItem("central_england", "Central England with Birmingham and Manchester (rows G-J)", 7, 5),
    ConcessionItem("southern_england", "Southern England with London (rows K-L)", 8, 6),
)
TERRITORY_KEYS = tuple(item.key for item in CONCESSION_TABLE)


def minor_country(key: str, name: str, brps: int) -> ConcessionItem:
    """A British minor ally, associated minor country or conquest (priority 2).  Persia and
    Arabia, if associated with Britain, are entered at 5 BRPs (59.66E)."""
    brps = _whole(f"{key} BRPs", brps)
    if brps < 0 or brps > 200:
        raise RulesInputError(f"{key} BRPs: must be between 0 and 200 (got {brps})")
    if key in TERRITORY_KEYS:
        raise RulesInputError(f"{key}: that key is a territory of the Concession Table")
    return ConcessionItem(key, name, 2, 0, brps)


def concession_items(minors: Sequence[ConcessionItem] = ()) -> tuple[ConcessionItem, ...]:
    """The table with the game's minor countries inserted at priority 2, in priority order."""
    items = CONCESSION_TABLE + tuple(minors)
    keys = [item.key for item in items]
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise RulesInputError(f"items: duplicate key(s) {', '.join(duplicates)}")
    return tuple(sorted(items, key=lambda item: item.priority))


def indemnity_points(brps: int) -> int:
    """59.67: 10, 20 or 30 BRPs cost 1, 2 or 3 points."""
    brps = _whole("indemnity", brps)
    if brps not in INDEMNITY_POINTS:
        raise RulesInputError(f"indemnity: must be 0, 10, 20 or 30 BRPs (got {brps})")
    return INDEMNITY_POINTS[brps]


class Verdict(Record):
    """The answer of a validator: allowed or not, why, and the point count."""

    ok: bool
    problems: tuple[str, ...] = ()
    points_used: int = 0
    points_left: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "problems": list(self.problems), "points_used": self.points_used,
                "points_left": self.points_left}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(bool(data["ok"]), tuple(data.get("problems", ())), int(data.get("points_used", 0)),
                   int(data.get("points_left", 0)))


def _statuses(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str]) -> dict[str, ItemStatus]:
    keys = {item.key for item in items}
    unknown = sorted(set(statuses) - keys)
    if unknown:
        raise RulesInputError(f"statuses: unknown item(s) {', '.join(unknown)}")
    result: dict[str, ItemStatus] = {}
    for item in items:
        try:
            result[item.key] = ItemStatus(statuses.get(item.key, ItemStatus.ELIGIBLE))
        except ValueError as error:
            raise RulesInputError(f"statuses: {statuses[item.key]!r} for {item.key} is not a status") from error
    return result


def _modes(items: Sequence[ConcessionItem], chosen: Collection[str] | Mapping[str, str]) -> dict[str, MinorMode | None]:
    by_key = {item.key: item for item in items}
    pairs = chosen.items() if isinstance(chosen, Mapping) else ((key, None) for key in chosen)
    result: dict[str, MinorMode | None] = {}
    for key, mode in pairs:
        if key not in by_key:
            raise RulesInputError(f"chosen: {key!r} is not on the British Concession Table")
        if by_key[key].is_minor:
            try:
                result[key] = MinorMode(mode or MinorMode.AXIS_CONTROL)
            except ValueError as error:
                raise RulesInputError(f"chosen: {key} mode {mode!r} must be neutrality or axis-control") from error
        else:
            result[key] = None
    return result


def most_takeable(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str]) -> int:
    """The most Britain has left to give (59.71 "whatever Britain has left"): every eligible item
    (minor countries at the Axis-control rate) plus the largest indemnity (3 points), whatever the
    priority order would let Germany reach (resources/readings/britain.md)."""
    status = _statuses(items, statuses)
    return sum(item.points() for item in items if status[item.key] is ItemStatus.ELIGIBLE) + 3


def check_concessions(points_available: int, items: Sequence[ConcessionItem],
                      statuses: Mapping[str, ItemStatus | str],
                      chosen: Collection[str] | Mapping[str, str], indemnity: int = 0) -> Verdict:
    """Validate Germany's demands (59.65, 59.66, 59.68).

    ``chosen`` lists item keys (a mapping gives minor countries their mode, Axis control by
    default).  Only eligible items may be taken; an item is forbidden while an eligible item of a
    lower priority number is neither taken nor Axis-controlled; the total with the indemnity may
    not exceed ``points_available``."""
    points_available = _whole("points_available", points_available)
    if points_available < 0:
        raise RulesInputError(f"points_available: cannot be negative (got {points_available})")
    status = _statuses(items, statuses)
    modes = _modes(items, chosen)
    problems: list[str] = []
    by_key = {item.key: item for item in items}
    for key in modes:
        item = by_key[key]
        if status[key] is not ItemStatus.ELIGIBLE:
            problems.append(f"{item.name} cannot be demanded: it is {status[key].value.replace('-', ' ')} (59.66)")
            continue
        blockers = [other for other in items
                    if other.priority < item.priority and status[other.key] is ItemStatus.ELIGIBLE
                    and other.key not in modes]
        if blockers:
            first = blockers[0]
            problems.append(f"{item.name} (priority {item.priority}) needs {first.name} (priority {first.priority}) "
                            f"taken first (59.66)")
    used = sum(by_key[key].points(mode) for key, mode in modes.items()) + indemnity_points(indemnity)
    if used > points_available:
        problems.append(f"the demands cost {used} points but only {points_available} are available (59.68)")
    return Verdict(not problems, tuple(problems), used, max(0, points_available - used))


# ---------------------------------------------------------------------------------------------
# Conciliation (59.71-59.75)
# ---------------------------------------------------------------------------------------------


class ReturnFacts(Record):
    """What 59.73 needs to know about a territory Germany wants to return."""

    british_at_start_or_gained: bool = True   # 59.73B: British at the start, or gained not by an Axis DoW
    returned_before: bool = False             # 59.73C: once per game


class HomeControl(Record):
    """Axis control in Britain that 59.73D-F ask about."""

    london: bool = False
    birmingham: bool = False
    manchester: bool = False
    all_scotland: bool = False


def _return_problems(item: ConcessionItem, status: ItemStatus, fact: ReturnFacts, home: HomeControl) -> list[str]:
    """What stops ``item`` from being returned to Britain (59.72, 59.73B-F)."""
    problems: list[str] = []
    key = item.key
    if status is not ItemStatus.AXIS_CONTROLLED:
        problems.append(f"{item.name} is not under Axis control, so it cannot be returned (59.72)")
    if not fact.british_at_start_or_gained:
        problems.append(f"{item.name} was neither British at the start nor gained other than by an Axis "
                        "declaration of war (59.73B)")
    if fact.returned_before:
        problems.append(f"{item.name} was already returned once this game (59.73C)")
    if key == "southern_england" and not home.london:
        problems.append("southern England can be returned only while the Axis control London (59.73D)")
    if key == "central_england" and not (home.birmingham and home.manchester):
        problems.append("central England can be returned only while the Axis control Birmingham and "
                        "Manchester (59.73E)")
    if key == "scotland" and not home.all_scotland:
        problems.append("Scotland can be returned only when the Axis control all of it (59.73F)")
    return problems


def _territory_taken(items: Sequence[ConcessionItem], chosen: Collection[str] | Mapping[str, str]) -> list[str]:
    """Names of chosen items that hand territory to the Axis (everything but a minor's neutrality)."""
    by_key = {item.key: item for item in items}
    return [by_key[key].name for key, mode in _modes(items, chosen).items()
            if not (by_key[key].is_minor and mode is MinorMode.NEUTRALITY)]


def check_returns(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str],
                  returns: Collection[str], facts: Mapping[str, ReturnFacts] | None = None,
                  home: HomeControl | None = None,
                  chosen: Collection[str] | Mapping[str, str] = ()) -> Verdict:
    """Validate territory Germany returns to Britain (59.72, 59.73).  ``points_used`` is the value
    returned.  With any return, Germany may take no territory (59.73G): only the indemnity and the
    neutrality of minor countries remain (resources/readings/britain.md)."""
    status = _statuses(items, statuses)
    facts = facts or {}
    home = home or HomeControl()
    by_key = {item.key: item for item in items}
    problems: list[str] = []
    value = 0
    for key in returns:
        if key not in by_key:
            problems.append(f"{key!r} is not on the British Concession Table (59.73A)")
            continue
        item = by_key[key]
        value += item.points()
        problems.extend(_return_problems(item, status[key], facts.get(key, ReturnFacts()), home))
    if returns:
        taken = _territory_taken(items, chosen)
        if taken:
            problems.append(f"territory returned, so none may be taken: drop {', '.join(taken)} (59.73G)")
    return Verdict(not problems, tuple(problems), value, 0)


# ---------------------------------------------------------------------------------------------
# What the players may tick now (for a wizard's lists)
# ---------------------------------------------------------------------------------------------

#: Table territories that were not British at the start of a game: they can be returned only if they
#: came under British control other than by an Axis declaration of war (59.73B).  Only a default for
#: the wizard's "British at the start or gained otherwise" tick; the players confirm it.
NOT_BRITISH_AT_START = frozenset({"lebanon_syria", "tunisia", "algeria", "morocco", "libya", "albania", "ireland"})


def initial_statuses(axis_holds: Collection[str] = ()) -> dict[str, str]:
    """Statuses to start the Concession Table from: the table territories the Britain tab already
    records as Axis-controlled (its "Axis-controlled Malta / Singapore" line, 59.21)."""
    return {key: ItemStatus.AXIS_CONTROLLED.value for key in axis_holds if key in TERRITORY_KEYS}


class ItemChoice(Record):
    """One row of a list to tick: may it be ticked now, and if not (or if ticked wrongly) why."""

    key: str
    name: str
    priority: int
    points: int
    status: ItemStatus
    chosen: bool
    allowed: bool
    reason: str = ""


_STATUS_WORDS = {
    ItemStatus.AXIS_CONTROLLED: "already Axis-controlled: does not block higher priorities (59.66)",
    ItemStatus.INDEPENDENT: "independent: does not block higher priorities (59.66)",
    ItemStatus.NOT_ELIGIBLE: "not eligible: does not block higher priorities (59.66)",
}


def concession_choices(points_available: int, items: Sequence[ConcessionItem],
                       statuses: Mapping[str, ItemStatus | str], chosen: Mapping[str, str],
                       indemnity: int = 0, returning: bool = False,
                       minor_modes: Mapping[str, str] | None = None) -> tuple[ItemChoice, ...]:
    """Each item of the Concession Table with whether Germany may tick it now (59.66, 59.68, 59.73G).

    A ticked item stays allowed (so it can be unticked) and carries the problem it causes, if any.
    ``minor_modes`` gives the mode of minor countries not ticked yet (for their cost)."""
    points_available = _whole("points_available", points_available)
    status = _statuses(items, statuses)
    modes = _modes(items, chosen)
    minor_modes = minor_modes or {}
    used = sum(item.points(modes[item.key]) for item in items if item.key in modes) + indemnity_points(indemnity)
    left = points_available - used
    rows: list[ItemChoice] = []
    for item in items:
        is_chosen = item.key in modes
        mode = modes[item.key] if is_chosen else (
            MinorMode(minor_modes.get(item.key) or MinorMode.AXIS_CONTROL) if item.is_minor else None)
        points = item.points(mode)
        blockers = [other for other in items
                    if other.priority < item.priority and status[other.key] is ItemStatus.ELIGIBLE
                    and other.key not in modes]
        reason = ""
        if status[item.key] is not ItemStatus.ELIGIBLE:
            reason = _STATUS_WORDS[status[item.key]]
        elif returning and not (item.is_minor and mode is MinorMode.NEUTRALITY):
            reason = "territory is being returned, so none may be taken (59.73G)"
        elif blockers:
            reason = f"take {blockers[0].name} (priority {blockers[0].priority}) first (59.66)"
        elif not is_chosen and points > left:
            reason = f"costs {points}, only {max(0, left)} point(s) left (59.68)"
        allowed = is_chosen or not reason
        rows.append(ItemChoice(item.key, item.name, item.priority, points, status[item.key], is_chosen, allowed,
                               reason))
    return tuple(rows)


def return_choices(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str],
                   returns: Collection[str], facts: Mapping[str, ReturnFacts] | None = None,
                   home: HomeControl | None = None,
                   chosen: Collection[str] | Mapping[str, str] = ()) -> tuple[ItemChoice, ...]:
    """The Axis-controlled items Germany might return, each with whether it may be ticked now and
    the 59.73 restriction that stops it (59.72, 59.73)."""
    status = _statuses(items, statuses)
    facts = facts or {}
    home = home or HomeControl()
    taken = _territory_taken(items, chosen)
    rows: list[ItemChoice] = []
    for item in items:
        if status[item.key] is not ItemStatus.AXIS_CONTROLLED:
            continue
        problems = _return_problems(item, status[item.key], facts.get(item.key, ReturnFacts()), home)
        if taken:
            problems.append(f"territory was taken ({', '.join(taken)}): drop it to return any (59.73G)")
        is_chosen = item.key in returns
        rows.append(ItemChoice(item.key, item.name, item.priority, item.points(), status[item.key], is_chosen,
                               is_chosen or not problems, "; ".join(problems)))
    return tuple(rows)


class Conciliation(Record):
    points: int
    resistance_modifier: int   # 59.75A, added to future British resistance
    usat_reduction: int        # 59.75B, subtracted from the USAT level


def conciliation_effects(points_returned_or_not_taken: int) -> Conciliation:
    """59.75: -1 British resistance per two full points; USAT -2 per point."""
    points = _whole("points_returned_or_not_taken", points_returned_or_not_taken)
    if points < 0:
        raise RulesInputError(f"points_returned_or_not_taken: cannot be negative (got {points})")
    return Conciliation(points, -(points // 2), 2 * points)


# ---------------------------------------------------------------------------------------------
# Far East (59.891-59.894)
# ---------------------------------------------------------------------------------------------


class FarEast(StrEnum):
    NO_WAR = "no-war"                  # 59.891A
    WAR_WITH_BOTH = "war-with-both"    # 59.891B
    JAPAN_ADHERES = "japan-adheres"    # 59.891C, 59.892
    JAPAN_FIGHTS_ON = "japan-fights-on"  # 59.891C, 59.894


def far_east(japan_at_war_with_britain: bool, japan_at_war_with_us: bool,
             japan_adheres: bool | None = None) -> tuple[FarEast, tuple[Consequence, ...]]:
    """Japan's position when Britain surrenders and what follows (59.891-59.894).  ``japan_adheres``
    is the Japanese player's decision, needed only when Japan is at war with Britain alone.

    59.891 names three cases; Japan at war with the U.S. but not with Britain is not one of them.  We
    treat it as 59.891A (``NO_WAR``): Japan may go to war with Britain only together with the U.S.,
    which it already fights (resources/readings/britain.md)."""
    common = Consequence("59.893", "British units in Asia count towards the force reductions either way.")
    if japan_at_war_with_britain and japan_at_war_with_us:
        return FarEast.WAR_WITH_BOTH, (
            Consequence("59.891B", "The surrender applies in Europe only; Britain fights Japan on beside the U.S."),
            common)
    if japan_at_war_with_britain:
        if japan_adheres is None:
            raise RulesInputError("japan_adheres: Japan, at war with Britain alone, must choose (59.891C)")
        if japan_adheres:
            return FarEast.JAPAN_ADHERES, (
                Consequence("59.892A", "Hex control in Asia follows 59.63."),
                Consequence("59.892B", "No British concessions in the Far East; Australia and India stay "
                                       "British minor allies."),
                Consequence("59.892C", "From the second turn after the surrender Japan may declare war on "
                                       "Britain and the U.S. together."),
                common)
        return FarEast.JAPAN_FIGHTS_ON, (
            Consequence("59.894", "Japan and Britain stay at war until Britain re-enters the European war and "
                                  "surrenders to Germany again."),
            common)
    return FarEast.NO_WAR, (
        Consequence("59.891A", "Japan may not go to war with Britain without also going to war with the U.S."),
        common)


# ---------------------------------------------------------------------------------------------
# The whole surrender
# ---------------------------------------------------------------------------------------------


class SurrenderRequest(Record):
    """Everything a British surrender needs: the offer and Germany's and Japan's decisions."""

    resistance: int
    previous_level: int | None = None
    accepted: bool = True
    us_at_war_with_germany: bool = False
    scenario: Scenario = Scenario.GLOBAL_WAR
    minors: tuple[ConcessionItem, ...] = ()
    statuses: Mapping[str, str] = field(default_factory=dict)
    #: item key -> "" for a territory, "neutrality"/"axis-control" for a minor country.
    chosen: Mapping[str, str] = field(default_factory=dict)
    indemnity: int = 0
    returns: tuple[str, ...] = ()
    return_facts: Mapping[str, ReturnFacts] = field(default_factory=dict)
    home: HomeControl = HomeControl()
    japan_at_war_with_britain: bool = False
    japan_at_war_with_us: bool = False
    japan_adheres: bool | None = None
    reductions: ReductionChoice | None = None
    available: Reductions | None = None


class TakenItem(Record):
    """A concession Germany takes, as recorded (name and points kept so the record reads alone)."""

    key: str
    name: str
    points: int
    mode: str = ""   # "neutrality" / "axis-control" for a minor country

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "points": self.points, "mode": self.mode}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TakenItem:
        return cls(str(data["key"]), str(data["name"]), int(data["points"]), str(data.get("mode", "")))


_FAR_EAST_WORDS = {
    "no-war": "Japan is at war with neither Britain nor the U.S. (59.891A)",
    "war-with-both": "Japan is at war with Britain and the U.S.: the surrender holds in Europe only (59.891B)",
    "japan-adheres": "Japan, at war with Britain alone, adheres to the peace (59.892)",
    "japan-fights-on": "Japan, at war with Britain alone, fights on (59.894)",
}


class SurrenderOutcome(Record):
    surrendered: bool
    offer: Offer
    war_continues: bool                 # 59.61
    required: Reductions
    concessions: Verdict
    returns: Verdict
    conciliation: Conciliation
    far_east: str | None
    reductions_check: tuple[str, ...] | None
    events: tuple[Consequence, ...]
    returned: tuple[str, ...] = ()
    taken: tuple[TakenItem, ...] = ()
    indemnity: int = 0
    removed: ReductionChoice | None = None

    @property
    def ok(self) -> bool:
        return self.concessions.ok and self.returns.ok and not self.reductions_check

    def summary_text(self) -> str:
        if not self.offer.offered:
            return f"No British surrender offer: {self.offer.reason}."
        if not self.surrendered:
            return f"Germany declines the British offer at {self.offer.resistance:+d}; it lapses (59.32)."
        lines = [f"Britain surrenders at level {self.offer.surrender_level} "
                 f"({self.offer.counted_levels} level(s) counted)."]
        r = self.required
        lines.append(f"Force reductions: {r.aaf} AAF, {r.ground_nas_brps} BRPs of ground units or NAS, "
                     f"{r.naval_factors} naval factors (59.512).")
        if self.removed is not None:
            removed = self.removed
            lines.append(f"  Removed: {removed.aaf} AAF, {removed.ground_nas_brps} BRPs of ground units or NAS; "
                         f"naval value {removed.naval_value}.")
            for ship in removed.ships:
                lines.append(f"  Ship eliminated: {ship.name}, {ship.factors} factor(s), "
                             f"{ship.state.value.replace('-', ' ')}: counts {ship.value}.")
                if ship.state in SHIP_READINGS:
                    lines.append(f"    Reading: {SHIP_READINGS[ship.state]}")
            if removed.naval_factors:
                lines.append(f"  Other naval factors eliminated: {removed.naval_factors}.")
        if self.war_continues:
            lines.append("The U.S. is at war with Germany: the war goes on and no concessions are made (59.61).")
        else:
            lines.append(f"Concessions: {self.concessions.points_used} of {self.offer.concession_points} points "
                         f"used (59.65).")
            for item in self.taken:
                how = f", {item.mode.replace('-', ' ')}" if item.mode else ""
                lines.append(f"  Taken: {item.name}{how} ({item.points} point(s)).")
            if self.indemnity:
                lines.append(f"  Indemnity: {self.indemnity} BRPs ({INDEMNITY_POINTS[self.indemnity]} point(s), "
                             "59.67).")
            names = {item.key: item.name for item in CONCESSION_TABLE}
            for key in self.returned:
                lines.append(f"  Returned to Britain: {names.get(key, key)} (59.72).")
            lines.append(f"Conciliation: {self.conciliation.points} point(s) returned or not taken: British "
                         f"resistance {self.conciliation.resistance_modifier:+d} in later turns, "
                         + (f"USAT -{self.conciliation.usat_reduction}" if self.conciliation.usat_reduction
                            else "USAT unchanged") + " (59.75).")
        if self.far_east is not None:
            lines.append(f"Far East: {_FAR_EAST_WORDS.get(self.far_east, self.far_east)}.")
        if self.events:
            lines.append("What follows:")
            lines.extend(f"  {event.rule}: {event.text}" for event in self.events)
        lines.extend(f"Problem: {problem}" for problem in
                     self.concessions.problems + self.returns.problems + (self.reductions_check or ()))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "surrendered": self.surrendered, "offer": self.offer.to_json(), "war_continues": self.war_continues,
            "required": self.required.to_json(), "concessions": self.concessions.to_json(),
            "returns": self.returns.to_json(),
            "conciliation": {"points": self.conciliation.points,
                             "resistance_modifier": self.conciliation.resistance_modifier,
                             "usat_reduction": self.conciliation.usat_reduction},
            "far_east": self.far_east,
            "reductions_check": None if self.reductions_check is None else list(self.reductions_check),
            "events": [{"rule": event.rule, "text": event.text} for event in self.events],
            "returned": list(self.returned),
            "taken": [item.to_json() for item in self.taken],
            "indemnity": self.indemnity,
            "removed": None if self.removed is None else self.removed.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SurrenderOutcome:
        conciliation = data["conciliation"]
        check = data.get("reductions_check")
        return cls(
            bool(data["surrendered"]), Offer.from_json(data["offer"]), bool(data["war_continues"]),
            Reductions.from_json(data["required"]), Verdict.from_json(data["concessions"]),
            Verdict.from_json(data["returns"]),
            Conciliation(int(conciliation["points"]), int(conciliation["resistance_modifier"]),
                         int(conciliation["usat_reduction"])),
            data.get("far_east"), None if check is None else tuple(check),
            tuple(Consequence(str(event["rule"]), str(event["text"])) for event in data.get("events", ())),
            tuple(data.get("returned", ())),
            tuple(TakenItem.from_json(item) for item in data.get("taken", ())),
            int(data.get("indemnity", 0)),
            None if data.get("removed") is None else ReductionChoice.from_json(data["removed"]),
        )


def british_surrender_outcome(request: SurrenderRequest) -> SurrenderOutcome:
    """Offer, acceptance, reductions, concessions, conciliation and the Far East in one go."""
    the_offer = offer(request.resistance, request.previous_level)
    empty = Verdict(True)
    none = Conciliation(0, 0, 0)
    if not the_offer.offered or not request.accepted:
        declined: tuple[Consequence, ...] = () if not the_offer.offered else (
            Consequence("59.13", "Germany declines the offer; play goes on as if it had not been made."),
            Consequence("59.32", "The declined offer lapses; only a new offer in a later turn can be accepted."))
        if the_offer.offered and not the_offer.may_decline:
            raise RulesInputError("accepted: at a resistance level of -10 or lower Germany must accept (59.23)")
        return SurrenderOutcome(False, the_offer, request.us_at_war_with_germany, Reductions(), empty, empty,
                                none, None, None, declined)
    assert the_offer.surrender_level is not None
    required = required_reductions(the_offer.counted_levels)
    events: list[Consequence] = [Consequence(
        "59.41", f"Britain surrenders; its surrender level is {the_offer.surrender_level}.")]
    if the_offer.counted_levels == 0:
        events.append(Consequence("59.511", "No force reductions and no concessions at this level."))
    else:
        events.append(Consequence("59.512", f"Britain removes {required.aaf} AAF and {required.ground_nas_brps} "
                                            f"BRPs of ground units or NAS, and eliminates {required.naval_factors} "
                                            "naval factors."))
    items = concession_items(request.minors)
    war_continues = request.us_at_war_with_germany
    if war_continues:
        verdict = check_concessions(0, items, request.statuses, request.chosen, request.indemnity)
        returns = check_returns(items, request.statuses, request.returns, request.return_facts, request.home,
                                request.chosen)
        if request.returns:
            returns = Verdict(False, (*returns.problems, "no territory changes hands while the U.S. is at war "
                                                         "with Germany (59.61)"), returns.points_used)
        conciliation = none
        events.append(Consequence("59.61", "The U.S. is at war with Germany: Britain and the U.S. fight on; "
                                           "no concessions or transfers."))
    else:
        verdict = check_concessions(the_offer.concession_points, items, request.statuses, request.chosen,
                                    request.indemnity)
        returns = check_returns(items, request.statuses, request.returns, request.return_facts, request.home,
                                request.chosen)
        ceiling = min(the_offer.concession_points, most_takeable(items, request.statuses))
        not_taken = max(0, ceiling - verdict.points_used)
        conciliation = conciliation_effects(not_taken + returns.points_used)
        events.append(Consequence("59.62", "Peace between Germany and Britain; Britain is neutral while the U.S. "
                                           "is (59.83)."))
        events.append(Consequence("59.86A", "Neither Germany nor the U.S. may declare war on the other next turn."))
        if conciliation.points:
            events.append(Consequence("59.75", f"Conciliation worth {conciliation.points} points: future British "
                                               f"resistance {conciliation.resistance_modifier:+d}, USAT "
                                               f"-{conciliation.usat_reduction}."))
    far_east_value: str | None = None
    if request.scenario is Scenario.GLOBAL_WAR:
        position, consequences = far_east(request.japan_at_war_with_britain, request.japan_at_war_with_us,
                                          request.japan_adheres)
        far_east_value = position.value
        events.extend(consequences)
    check: tuple[str, ...] | None = None
    if request.reductions is not None:
        check = reductions_met(required, request.reductions, request.available).shortfalls
    taken: tuple[TakenItem, ...] = ()
    if not war_continues:
        modes = _modes(items, request.chosen)
        taken = tuple(TakenItem(item.key, item.name, item.points(modes[item.key]),
                                "" if modes[item.key] is None else str(modes[item.key]))
                      for item in items if item.key in modes)
    return SurrenderOutcome(True, the_offer, war_continues, required, verdict, returns, conciliation,
                            far_east_value, check, tuple(events), tuple(request.returns), taken,
                            0 if war_continues else request.indemnity, request.reductions)
