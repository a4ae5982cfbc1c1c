"""A power's level as players read it: a number, or a dash where the table gives no level.

A table gives no level to read for a power the scenario leaves out (Germany, Italy and France are not in a Pacific
scenario; Britain and Russia never surrender there, 54.11; there is no U.S. election there, 62.46B; China is not in
a European scenario and Japan surrenders there by the calendar, 57.81), nor for the U.S. election in a turn without
one (62.21). The Overview, the power tabs, the end of turn and the report all write such a level as a dash; the
game record leaves it out of its one line of levels, as it always left out the election in a turn without one.
"""

from __future__ import annotations

from collections.abc import Mapping

from .common import PowerResult, Scenario, Status

#: What stands for "no level": an em dash, as on the Overview.
NO_LEVEL = "\u2014"

#: Powers whose table a scenario does not use: their assessment says ``Status.NOT_APPLICABLE`` (Japan in a
#: European scenario too, until the turn it surrenders by the calendar, 57.81).  The game record reads this to leave
#: their levels out of the turns it logged (a file keeps the number the table gave, not the status).
NOT_IN_SCENARIO: Mapping[Scenario, frozenset[str]] = {
    Scenario.GLOBAL_WAR: frozenset(),
    Scenario.EUROPEAN: frozenset({"japan", "china"}),
    Scenario.PACIFIC: frozenset({"germany", "italy", "france", "britain", "russia", "election"}),
}


def no_election(result: PowerResult) -> bool:
    """True for the U.S. election in a turn that holds none (62.21): its table is a forecast."""
    return result.power == "election" and not result.figures.get("held", True)


def has_level(result: PowerResult) -> bool:
    """False where the table gives no level to read: not in this scenario, or no election this turn."""
    return result.status is not Status.NOT_APPLICABLE and not no_election(result)


def signed(number: int) -> str:
    """A level as players write it: +3, -2, 0."""
    return f"{number:+d}" if number else "0"


def recorded_levels(scenario: Scenario, levels: Mapping[str, int]) -> dict[str, int]:
    """A logged turn's levels without those of powers the scenario leaves out (older files kept them)."""
    left_out = NOT_IN_SCENARIO[scenario]
    return {power: level for power, level in levels.items() if power not in left_out}
