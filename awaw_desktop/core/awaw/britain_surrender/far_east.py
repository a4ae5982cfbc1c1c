"""The Far East when Britain surrenders (59.891-59.894)."""

from __future__ import annotations

from enum import StrEnum

from ...lines import RulesInputError
from ..common import Consequence


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


def positions(japan_at_war_with_britain: bool, japan_at_war_with_us: bool) -> tuple[FarEast, ...]:
    """The positions Japan can be in, given its wars: the facts settle all but 59.891C, where the Japanese
    player chooses (Japan at war with the U.S. alone counts as 59.891A, as in :func:`far_east`)."""
    if japan_at_war_with_britain and japan_at_war_with_us:
        return (FarEast.WAR_WITH_BOTH,)
    if japan_at_war_with_britain:
        return (FarEast.JAPAN_ADHERES, FarEast.JAPAN_FIGHTS_ON)
    return (FarEast.NO_WAR,)
