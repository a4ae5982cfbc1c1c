"""Who is in a state of surrender, read one way wherever a rule asks (59.4, 59.85-59.87, 60.12, 60.41, 62.31,
62.91).

The rules ask "is Britain in a state of surrender?" in four places: Russia's 60.41 note, the U.S. election's
"+5 while Britain is not in a state of surrender" and its current surrender level (62.31), and the Allied defeat
(62.91A).  Each used to read it its own way; they all read it here now, and the Britain tab's status, the
Overview's chip and banner, the tipping points and the report follow from the same answer.

Britain is in a state of surrender from the turn Germany accepts a British offer (59.41) to the end of the game:
at peace (59.62), fighting on beside the U.S. (59.85), or at war again once Germany or the U.S. declared war
(59.86B-C).  Nothing in rule 59 ends it: 59.85 names a Britain still at war beside the U.S. as one that, with
Russia, makes up an Allied defeat, and a later surrender (59.87) is measured against the earlier one and only
lowers the current surrender level.  An offer waiting for Germany's answer is not a surrender.
"""

from __future__ import annotations

from .common import GameContext, Status


def has_surrendered(game: GameContext, power: str) -> bool:
    """Surrendered at this check or earlier: the carried flag, the result's status, or a ``surrendered`` figure
    (Japan in a European scenario surrenders by the calendar with a "not applicable" table, 57.81)."""
    result = game.results.get(power)
    if bool(game.carried(power, "surrendered", False)):
        return True
    return result is not None and (result.surrendered or bool(result.figures.get("surrendered", False)))


def britain_in_surrender(game: GameContext) -> bool:
    """Britain has surrendered in this game (an accepted offer is recorded, 59.41): see the module's reading."""
    return bool(game.carried("britain", "surrendered", False))


def britain_surrender_level(game: GameContext) -> int | None:
    """The current British surrender level (the most recent surrender's, 59.87), or None before any surrender
    or when nobody entered it."""
    if not britain_in_surrender(game):
        return None
    level = game.carried("britain", "surrender_level")
    return None if level is None else int(level)


def russia_in_surrender(game: GameContext) -> bool:
    """60.12: Russia counts as in a state of surrender while its resistance level is 0 or less."""
    result = game.results.get("russia")
    if result is None:
        return False
    if "state_of_surrender" in result.figures:
        return bool(result.figures["state_of_surrender"])
    return bool(result.figures.get("brp_effects", False)) or result.status is Status.EFFECTS


def in_state_of_surrender(game: GameContext, power: str) -> bool:
    """A power in a state of surrender as 60.41 and 62.91 ask: Britain and Russia as above, any other power once
    it has surrendered (France: 58.1)."""
    if power == "britain":
        return britain_in_surrender(game)
    if power == "russia":
        return russia_in_surrender(game)
    return has_surrendered(game, power)
