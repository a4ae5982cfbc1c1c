"""Japan's cumulative modifiers and their clock (57.14A-F): when the clock starts, the island-group counts
and their balance (57.14D-F), the BRP value of enemy losses and its modifier (57.14B), and the reading of a
carried turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..lines import RulesInputError
from .common import Edition, Season, Turn, require_range

#: Japan starts the game holding four island groups: the East and West Carolines, the
#: Kuriles and the Marshalls (57.14E).
STARTING_ISLAND_GROUPS = 4
#: 57.14B: a damaged named ship counts as 3 BRPs, a named ship sunk in port as 6.
DAMAGED_NAMED_SHIP_BRPS = 3
SUNK_IN_PORT_BRPS = 6


# --------------------------------------------------------------------------- pure helpers

def island_groups(full: int, partial: int) -> int:
    """Island groups a side counts (57.14D): every fully held group, plus one for every two
    partly held groups (a lone partial group is dropped)."""
    require_range("full", full, 0, 999)
    require_range("partial", partial, 0, 999)
    return full + partial // 2


def loss_brps(eliminated: int, damaged_named_ships: int = 0, named_sunk_in_port: int = 0) -> int:
    """BRP value of enemy losses in the Pacific for one turn (57.14B): the BRPs of eliminated
    non-partisan units, plus 3 per damaged named ship and 6 per named ship sunk in port.
    Damaged cruisers are not counted at all (leave them out of every argument)."""
    require_range("eliminated", eliminated, 0, 100_000)
    require_range("damaged_named_ships", damaged_named_ships, 0, 1_000)
    require_range("named_sunk_in_port", named_sunk_in_port, 0, 1_000)
    return eliminated + DAMAGED_NAMED_SHIP_BRPS * damaged_named_ships + SUNK_IN_PORT_BRPS * named_sunk_in_port


def loss_modifier(edition: Edition, brps: int, remnant: int = 0) -> tuple[int, int]:
    """The enemy-losses modifier of one turn and the BRPs carried into the next turn.

    Original: +1 per full 25 BRPs, no cap, remnants dropped (the ``remnant`` argument is
    ignored and the new remnant is 0).  Updated and classic: the turn's losses plus the
    carried remnant give +1 per full 50 BRPs, at most +2 a turn; whatever did not raise the
    level is carried over (57.14B: 67 -> +1 and 17 carried; 178 -> +2 and 78 carried)."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    require_range("brps", brps, 0, 100_000)
    require_range("remnant", remnant, 0, 100_000)
    if edition is Edition.ORIGINAL:
        return brps // 25, 0
    pool = brps + remnant
    modifier = min(pool // 50, 2)
    return modifier, pool - 50 * modifier


def carried_turn(name: str, value: Any) -> Turn | None:
    """A carried turn: ``None``, a :class:`Turn` or its JSON form ``{"season":..,"year":..}``."""
    if value is None or isinstance(value, Turn):
        return value
    if isinstance(value, Mapping) and set(value) == {"season", "year"}:
        try:
            return Turn(value["year"], Season(value["season"]))
        except (ValueError, TypeError) as error:
            raise RulesInputError(f"{name}: not a turn: {dict(value)!r} ({error})") from error
    raise RulesInputError(f"{name}: expected a turn like {{'season': 'winter', 'year': 1941}} or None, "
                          f"got {value!r}")


def cumulative_clock_started(war_turn: Turn | Mapping[str, Any] | None, turn: Turn) -> bool:
    """Whether the cumulative modifiers count at the end of ``turn`` (57.14A).

    ``war_turn`` is the turn the war broke out (Original: war with the U.S.; Updated: the
    first war with the U.S., Britain or Russia); ``None`` means no such war yet.  The
    outbreak turn counts as the first of the two turns, so war in Winter 1941 gives the
    first count at the end of Spring 1942 (the rule's own example)."""
    start = carried_turn("war_turn", war_turn)
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a Turn, got {turn!r}")
    return start is not None and turn.turns_since(start) >= 1


def losses_tracked(edition: Edition, war_turn: Turn | Mapping[str, Any] | None, turn: Turn) -> bool:
    """Whether this turn's enemy losses are kept before the clock starts (57.14B, updated editions).

    Updated: losses are tracked from the turn war breaks out ("not tracked until Japan is at war"); the
    losses of the turns before the first count, the outbreak turn included, are carried in full into that
    first count (NOTES.md).  Original: each turn's losses count on their own and remnants are ignored, so
    nothing is kept before the clock starts."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    start = carried_turn("war_turn", war_turn)
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a Turn, got {turn!r}")
    return edition.is_updated and start is not None and turn.turns_since(start) >= 0


def island_lines_counted(edition: Edition, war_turn: Turn | Mapping[str, Any] | None, turn: Turn,
                         war_began_on_russia: bool = False,
                         us_war_turn: Turn | Mapping[str, Any] | None = None) -> bool:
    """Whether this turn's cumulative island-group line counts (57.14A).

    It needs the clock to have started; in the Updated editions, when the clock was started
    by a Japanese declaration of war on a neutral Russia, it also needs Japan and the U.S.
    to be at war (counted from the end of the turn they are at war: ``us_war_turn``)."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    if not cumulative_clock_started(war_turn, turn):
        return False
    if edition is Edition.ORIGINAL or not war_began_on_russia:
        return True
    us_war = carried_turn("us_war_turn", us_war_turn)
    return us_war is not None and turn.turns_since(us_war) >= 0


def island_balance_modifier(edition: Edition, japan: int, allied: int) -> int:
    """The cumulative island-group modifier for the two sides' counts (57.14E-F).

    Original: -1 when the Western Allies hold 8 to 11 island groups, -2 at 12 or more
    (Japan's count plays no part).  Updated: by the difference of the two counts, +1 when
    Japan holds 2 to 5 more, +2 at 6 or more; -1 / -2 the same way for the Western Allies."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    require_range("japan", japan, 0, 999)
    require_range("allied", allied, 0, 999)
    if edition is Edition.ORIGINAL:
        return -2 if allied >= 12 else -1 if allied >= 8 else 0
    difference = japan - allied
    if difference >= 6:
        return 2
    if difference >= 2:
        return 1
    if difference <= -6:
        return -2
    if difference <= -2:
        return -1
    return 0
