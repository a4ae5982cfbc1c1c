"""The forces a French surrender leaves: the Free French and Vichy forces (58.61-58.63) and how the French
fleet is shared out (58.64).
"""

from __future__ import annotations

from ..frozen import Frozen
from ..lines import RulesInputError
from .common import Consequence, Edition, require_range
from .france_colonies import check_bool, check_level

# --------------------------------------------------------------------------------------------------
# Forces (58.61-58.63)
# --------------------------------------------------------------------------------------------------


class ForceLevel(Frozen):
    """A Free French or Vichy force (58.612: infantry, AAF and destroyers in factors; armor, named ships
    and cruisers in units)."""

    infantry: int = 0
    armor: int = 0
    armor_type: str = "3-5"
    aaf: int = 0
    named_ships: int = 0
    cruisers: int = 0
    destroyers: int = 0

    def describe(self) -> str:
        parts = [f"{self.infantry} infantry factors" if self.infantry else "",
                 f"{self.armor} {self.armor_type} armor unit" if self.armor else "",
                 f"{self.aaf} AAF" if self.aaf else "",
                 f"{self.named_ships} named ship(s)" if self.named_ships else "",
                 f"{self.cruisers} cruiser(s)" if self.cruisers else "",
                 f"{self.destroyers} destroyer factors" if self.destroyers else ""]
        return ", ".join(part for part in parts if part) or "none"


# (infantry, 3-5 armor, AAF, named ships, cruisers, destroyers) by level, +3 first.
_FREE_FRENCH_WITH_VICHY: dict[int, tuple[int, ...]] = {
    3: (0, 0, 0, 0, 0, 0), 2: (1, 0, 0, 0, 0, 0), 1: (2, 0, 0, 0, 0, 0), 0: (3, 0, 0, 0, 0, 0),
    -1: (6, 0, 0, 0, 1, 1), -2: (6, 0, 1, 1, 1, 1), -3: (6, 0, 2, 1, 2, 2),
}
_FREE_FRENCH_WITHOUT_VICHY: dict[int, tuple[int, ...]] = {
    3: (3, 0, 0, 0, 0, 0), 2: (6, 0, 0, 0, 1, 1), 1: (6, 0, 1, 1, 1, 1), 0: (6, 0, 2, 1, 2, 2),
    -1: (9, 0, 2, 1, 2, 5), -2: (12, 0, 2, 1, 3, 6), -3: (9, 1, 2, 2, 3, 6),
}
_VICHY: dict[int, tuple[int, ...]] = {
    3: (12, 1, 3, 2, 3, 6), 2: (15, 0, 3, 1, 3, 6), 1: (12, 0, 3, 1, 2, 5), 0: (12, 0, 2, 1, 2, 2),
    -1: (12, 0, 1, 1, 1, 1), -2: (12, 0, 0, 0, 1, 1), -3: (10, 0, 0, 0, 0, 0),
}


def _force(row: tuple[int, ...], armor_type: str) -> ForceLevel:
    infantry, armor, aaf, named, cruisers, destroyers = row
    return ForceLevel(infantry, armor, armor_type if armor else "3-5", aaf, named, cruisers, destroyers)


def _check_armor(edition: Edition, french_4_5_armor: bool) -> None:
    check_bool("french_4_5_armor", french_4_5_armor)
    if french_4_5_armor and edition is not Edition.UPDATED:
        raise RulesInputError("french_4_5_armor: France can have a 4-5 armor unit only with Gathering Storm "
                              "research (58.613, updated edition, not classic)")


def free_french_forces(level: int, vichy: bool, edition: Edition = Edition.UPDATED,
                       french_4_5_armor: bool = False) -> ForceLevel:
    """58.621 table (the same in every edition); 58.613A: at -3 without Vichy France the armor unit is a
    4-5 if France had one from Gathering Storm research (updated edition only)."""
    check_level(level)
    check_bool("vichy", vichy)
    _check_armor(Edition(edition), french_4_5_armor)
    table = _FREE_FRENCH_WITH_VICHY if vichy else _FREE_FRENCH_WITHOUT_VICHY
    return _force(table[level], "4-5" if french_4_5_armor and level == -3 and not vichy else "3-5")


def vichy_forces(level: int, vichy: bool, edition: Edition = Edition.UPDATED,
                 french_4_5_armor: bool = False) -> ForceLevel:
    """58.631 table; no Vichy France, no Vichy forces.  58.613B: at +3 the armor unit is a 4-5 if France
    had one from Gathering Storm research (updated edition only)."""
    check_level(level)
    check_bool("vichy", vichy)
    _check_armor(Edition(edition), french_4_5_armor)
    if not vichy:
        return ForceLevel()
    return _force(_VICHY[level], "4-5" if french_4_5_armor and level == 3 else "3-5")


# --------------------------------------------------------------------------------------------------
# The fleet (58.64)
# --------------------------------------------------------------------------------------------------


class Ships(Frozen):
    """Named ships and cruisers by unit, destroyers by factor."""

    named_ships: int = 0
    cruisers: int = 0
    destroyers: int = 0

    def __post_init__(self) -> None:
        for name in ("named_ships", "cruisers", "destroyers"):
            require_range(name, getattr(self, name), 0, 200)

    def describe(self) -> str:
        parts = [f"{self.named_ships} named ship(s)" if self.named_ships else "",
                 f"{self.cruisers} cruiser(s)" if self.cruisers else "",
                 f"{self.destroyers} destroyer factors" if self.destroyers else ""]
        return ", ".join(part for part in parts if part) or "none"

    @classmethod
    def wanted(cls, force: ForceLevel) -> Ships:
        return cls(force.named_ships, force.cruisers, force.destroyers)


class FleetAllocation(Frozen):
    """58.611, 58.642, 58.643: what each side gets from the existing French ships."""

    free_french: Ships
    vichy: Ships
    free_french_short: Ships   # asked for by the table but not there: lost (58.643)
    vichy_short: Ships
    left_over: Ships           # taken by neither side

    def consequences(self) -> tuple[Consequence, ...]:
        out = [Consequence("58.642", f"Free French ships: {self.free_french.describe()}; Vichy ships: "
                                     f"{self.vichy.describe()}. Damaged and row-'2' ships count at full value "
                                     "and may be repaired.")]
        if self.free_french_short != Ships() or self.vichy_short != Ships():
            out.append(Consequence("58.643", f"Not enough French ships: the Free French lose "
                                             f"{self.free_french_short.describe()}, Vichy loses "
                                             f"{self.vichy_short.describe()} (no substitutions)."))
        if self.left_over != Ships():
            out.append(Consequence("58.61", f"French ships taken by neither side ({self.left_over.describe()}) "
                                            "are removed from play."))
        return tuple(out)


def allocate_fleet(existing_ships: Ships, free_french: ForceLevel, vichy: ForceLevel) -> FleetAllocation:
    """The Free French pick first (58.611), then Vichy from what is left; each type short is lost
    (58.643).  ``existing_ships`` counts every French ship that exists when France surrenders, damaged
    ones and unfinished ones on the '2' or 'Launch' rows included, at full value (58.642, table note)."""
    if not isinstance(existing_ships, Ships):
        raise RulesInputError(f"existing_ships: expected a count of ships, got {existing_ships!r}")
    ff_want, vichy_want = Ships.wanted(free_french), Ships.wanted(vichy)
    names = ("named_ships", "cruisers", "destroyers")
    ff = {n: min(getattr(ff_want, n), getattr(existing_ships, n)) for n in names}
    rest = {n: getattr(existing_ships, n) - ff[n] for n in names}
    vi = {n: min(getattr(vichy_want, n), rest[n]) for n in names}
    return FleetAllocation(
        free_french=Ships(**ff), vichy=Ships(**vi),
        free_french_short=Ships(**{n: getattr(ff_want, n) - ff[n] for n in names}),
        vichy_short=Ships(**{n: getattr(vichy_want, n) - vi[n] for n in names}),
        left_over=Ships(**{n: rest[n] - vi[n] for n in names}),
    )
