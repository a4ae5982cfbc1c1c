"""The British offer to surrender and what accepting it counts (59.12, 59.23, 59.32, 59.41, 59.87, 59.872)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...frozen import Frozen
from ...lines import RulesInputError

#: 59.41: the British surrender level is never below -10.
LOWEST_SURRENDER_LEVEL = -10
#: 59.23: at this resistance level or lower Germany must accept the offer.
FORCED_ACCEPTANCE_LEVEL = -10
#: 59.65: concession points per level of surrender below zero.
POINTS_PER_LEVEL = 2
#: 59.67: indemnities Germany may impose, BRPs -> concession points.
INDEMNITY_POINTS: Mapping[int, int] = {0: 0, 10: 1, 20: 2, 30: 3}


def whole_number(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesInputError(f"{name}: expected a whole number, got {value!r}")
    return value


class Offer(Frozen):
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
    return max(LOWEST_SURRENDER_LEVEL, whole_number("resistance", resistance))


def counted_levels(new_level: int, previous_level: int | None) -> int:
    """Levels that count for a surrender at ``new_level`` (59.512, 59.872): the levels below zero
    the first time, only the difference from the previous surrender level afterwards."""
    new_level = whole_number("new_level", new_level)
    if new_level > 0 or new_level < LOWEST_SURRENDER_LEVEL:
        raise RulesInputError(f"new_level: a surrender level is between -10 and 0 (got {new_level})")
    if previous_level is None:
        return -new_level
    previous_level = whole_number("previous_level", previous_level)
    if previous_level > 0 or previous_level < LOWEST_SURRENDER_LEVEL:
        raise RulesInputError(f"previous_level: a surrender level is between -10 and 0 (got {previous_level})")
    return max(0, previous_level - new_level)


def concession_points(levels: int) -> int:
    """59.65: two concession points per counted level below zero."""
    levels = whole_number("levels", levels)
    if levels < 0:
        raise RulesInputError(f"levels: cannot be negative (got {levels})")
    return POINTS_PER_LEVEL * levels


def offer(level: int, previous_level: int | None = None) -> Offer:
    """Does Britain offer to surrender at resistance ``level``?

    First surrender: an offer at 0 or less (59.12).  After a surrender, only when the resistance
    level is below the most recent surrender level (59.87, NOTES.md).  Germany may decline unless
    the resistance level is -10 or lower (59.23).  A declined offer lapses (59.32)."""
    level = whole_number("level", level)
    if previous_level is not None:
        previous_level = whole_number("previous_level", previous_level)
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
    return not declined and whole_number("offer_made_in", offer_made_in) == whole_number("now", now)
