"""The BRPs of a French surrender (58.31, 58.531C, 58.71): the Axis-held key areas, the Vichy BRPs and the
conquest value.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..frozen import Frozen
from ..lines import RulesInputError
from .common import Consequence, Edition, require_range
from .france import vichy_allowed
from .france_colonies import Alignment, Colony, ColonyOutcome, check_bool

# --------------------------------------------------------------------------------------------------
# BRPs (58.31, 58.531C, 58.71)
# --------------------------------------------------------------------------------------------------

KEY_AREAS: dict[str, int] = {"paris": 20, "lyon": 10, "marseilles": 10}
VICHY_BRPS = 20
UPDATED_CONQUEST_VALUE = 20
#: Original 58.71 (BRP base at the surrender - 40) says nothing of a base below 40 (also in
#: resources/readings/france.md and docs/rules-readings.md).
CONQUEST_READING = ("58.71 (original) gives the BRP base at the surrender minus 40 and says nothing of a base below "
                    "40: the conquest value is then 0, never negative (our reading).")


class BrpOutcome(Frozen):
    conquest_value: int                 # France as a conquest (58.71), to the conqueror
    key_areas: Mapping[str, int]        # Axis-held key economic areas and their values
    vichy_value: int                    # Vichy France: 20 + its colonies (58.31A); 0 without Vichy
    axis_vichy_share: int               # 58.31B: the 20 Vichy BRPs go to the Axis without Vichy France
    free_french_colonies: int           # to Britain, prorated, next Allied player turn (58.531C)

    def consequences(self, edition: Edition) -> tuple[Consequence, ...]:
        rule = "58.71"
        if edition is Edition.ORIGINAL:
            conquest = (f"France is worth {self.conquest_value} BRPs as a conquest (French BRP base at the surrender "
                        "minus 40), prorated (35.7) at the conqueror's next player turn (58.72).")
            if self.conquest_value == 0:
                conquest += " Reading: " + CONQUEST_READING
        else:
            conquest = (f"France is worth {self.conquest_value} BRPs as a German conquest, prorated (35.7) at the "
                        "conqueror's next player turn (58.72).")
        out = [Consequence(rule, conquest)]
        if self.key_areas:
            areas = ", ".join(f"{name.capitalize()} {value}" for name, value in self.key_areas.items())
            out.append(Consequence(rule, f"Key economic areas held by the Axis: {areas} "
                                         f"({sum(self.key_areas.values())} BRPs)."))
        if self.vichy_value:
            out.append(Consequence("58.31A", f"Vichy France is worth {self.vichy_value} BRPs (20 plus its "
                                             "colonies)."))
        if self.axis_vichy_share:
            out.append(Consequence("58.31B", f"The Axis receive the {self.axis_vichy_share} Vichy BRPs (not the "
                                             "colonies that would have been Vichy)."))
        if self.free_french_colonies:
            out.append(Consequence("58.531C", f"Britain receives the Free French colonies' {self.free_french_colonies} "
                                              "BRPs, prorated, at the start of the next Allied player turn."))
        return tuple(out)


def axis_key_areas(paris_axis: bool, lyon_marseilles_axis: tuple[str, ...], vichy: bool,
                   us_at_war_with_germany: bool = False) -> tuple[str, ...]:
    """The key economic areas (58.71) the Axis hold once the surrender has handed over the hexes.

    58.411: with the U.S. at war with Germany, French-held hexes go to Britain, so only the areas the Axis
    already held count.  58.31B: without Vichy France the Axis take every hex of France: all three.
    58.41 with Vichy France: every non-Vichy hex goes to the Axis, so Paris (northern France, never part of
    Vichy France, 58.31A) is always Axis; Lyon and Marseilles count only if the Axis already held them --
    reading (58.41/58.71): a French-held Lyon or Marseilles is taken to lie in Vichy France (the southern
    part of France, 58.31A); the map decides, and ``key_areas_axis`` on the request may say otherwise."""
    for name, value in (("paris_axis", paris_axis), ("vichy", vichy),
                        ("us_at_war_with_germany", us_at_war_with_germany)):
        check_bool(name, value)
    for area in lyon_marseilles_axis:
        if area not in ("lyon", "marseilles"):
            raise RulesInputError(f"lyon_marseilles_axis: {area!r} is not one of lyon, marseilles")
    if vichy and us_at_war_with_germany:
        raise RulesInputError(f"vichy: {vichy_allowed(True)[1]}")
    if us_at_war_with_germany:
        held = (("paris",) if paris_axis else ()) + tuple(lyon_marseilles_axis)
    elif not vichy:
        held = tuple(KEY_AREAS)
    else:
        held = ("paris", *lyon_marseilles_axis)
    return tuple(area for area in KEY_AREAS if area in held)


def brp_outcome(edition: Edition, vichy: bool, colonies: tuple[ColonyOutcome, ...],
                colony_brps: Mapping[str, int] | None = None, french_brp_base: int = 60,
                key_areas_axis: tuple[str, ...] = (), us_at_war_with_germany: bool = False) -> BrpOutcome:
    """58.71 per edition (original: BRP base at surrender - 40, never below 0; updated: 20), 58.31A/B
    (Vichy's 20 BRPs plus Vichy colonies, or the 20 to the Axis when the Axis choose not to set up Vichy
    France) and 58.531C (Free French colonies to Britain).  ``colony_brps`` gives each colony's BRP value
    (the rules texts here do not list them).

    Reading (58.31 exception, 58.411): when Vichy France may not be set up because the U.S. and Germany are
    at war, 58.31B does not apply -- the French-held hexes of France go to Britain -- so the Axis do not
    receive the 20 Vichy BRPs.  Reading (58.531C/58.534): a British-held colony that becomes Free French
    without a roll counts among the Free French colonies whose BRPs Britain receives."""
    edition = Edition(edition)
    check_bool("vichy", vichy)
    check_bool("us_at_war_with_germany", us_at_war_with_germany)
    if vichy and us_at_war_with_germany:
        raise RulesInputError(f"vichy: {vichy_allowed(True)[1]}")
    require_range("french_brp_base", french_brp_base, 0, 500)
    values = {Colony(key): require_range(f"colony_brps.{key}", value, 0, 100)
              for key, value in (colony_brps or {}).items()}
    for area in key_areas_axis:
        if area not in KEY_AREAS:
            raise RulesInputError(f"key_areas_axis: {area!r} is not one of paris, lyon, marseilles")
    conquest = max(0, french_brp_base - 40) if edition is Edition.ORIGINAL else UPDATED_CONQUEST_VALUE
    vichy_colonies = sum(values.get(c.colony, 0) for c in colonies if c.alignment is Alignment.VICHY)
    free_colonies = sum(values.get(c.colony, 0) for c in colonies if c.alignment is Alignment.FREE_FRENCH)
    return BrpOutcome(
        conquest_value=conquest,
        key_areas={area: KEY_AREAS[area] for area in KEY_AREAS if area in key_areas_axis},
        vichy_value=VICHY_BRPS + vichy_colonies if vichy else 0,
        axis_vichy_share=0 if vichy or us_at_war_with_germany else VICHY_BRPS,
        free_french_colonies=free_colonies,
    )
