"""The British Concession Table as data and a validator for Germany's demands (59.61-59.68)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum
from typing import Any

from ...frozen import Frozen
from ...lines import RulesInputError
from .offer import INDEMNITY_POINTS, whole_number


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


class ConcessionItem(Frozen):
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
    brps = whole_number(f"{key} BRPs", brps)
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
    brps = whole_number("indemnity", brps)
    if brps not in INDEMNITY_POINTS:
        raise RulesInputError(f"indemnity: must be 0, 10, 20 or 30 BRPs (got {brps})")
    return INDEMNITY_POINTS[brps]


class Verdict(Frozen):
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


def item_statuses(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str]) -> dict[str, ItemStatus]:
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


def chosen_modes(items: Sequence[ConcessionItem], chosen: Collection[str] | Mapping[str, str]
                 ) -> dict[str, MinorMode | None]:
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
    status = item_statuses(items, statuses)
    return sum(item.points() for item in items if status[item.key] is ItemStatus.ELIGIBLE) + 3


def check_concessions(points_available: int, items: Sequence[ConcessionItem],
                      statuses: Mapping[str, ItemStatus | str],
                      chosen: Collection[str] | Mapping[str, str], indemnity: int = 0) -> Verdict:
    """Validate Germany's demands (59.65, 59.66, 59.68).

    ``chosen`` lists item keys (a mapping gives minor countries their mode, Axis control by
    default).  Only eligible items may be taken; an item is forbidden while an eligible item of a
    lower priority number is neither taken nor Axis-controlled; the total with the indemnity may
    not exceed ``points_available``."""
    points_available = whole_number("points_available", points_available)
    if points_available < 0:
        raise RulesInputError(f"points_available: cannot be negative (got {points_available})")
    status = item_statuses(items, statuses)
    modes = chosen_modes(items, chosen)
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
