"""What becomes of the French colonies at a French surrender (58.53): the colonies and their rolls, who
controls each and whom it sides with; and the checks of the surrender level and of yes/no answers that the
surrender wizard's procedures share.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .common import require_range
from .france import MAX_LEVEL
from .levels import signed

# --------------------------------------------------------------------------------------------------
# Colonies (58.53)
# --------------------------------------------------------------------------------------------------


class Colony(StrEnum):
    LEBANON_SYRIA = "lebanon_syria"
    MOROCCO = "morocco"
    ALGERIA = "algeria"
    TUNISIA = "tunisia"

    @property
    def title(self) -> str:  # type: ignore[override]
        return {"lebanon_syria": "Lebanon-Syria", "morocco": "Morocco", "algeria": "Algeria",
                "tunisia": "Tunisia"}[self.value]

    @property
    def free_french_at_most(self) -> int:
        """58.531D/E: the highest modified roll that makes the colony Free French."""
        return {"lebanon_syria": 3, "morocco": 3, "algeria": 2, "tunisia": 1}[self.value]

    @property
    def roll(self) -> str:
        """Which of the two dice decides the colony (58.531)."""
        return "lebanon_syria" if self is Colony.LEBANON_SYRIA else "north_africa"


#: 58.531: the two dice and the colonies each decides.
ROLLS: dict[str, tuple[Colony, ...]] = {
    "lebanon_syria": (Colony.LEBANON_SYRIA,),
    "north_africa": (Colony.TUNISIA, Colony.ALGERIA, Colony.MOROCCO),
}


class Control(StrEnum):
    """Who holds a colony when France surrenders."""

    FRENCH = "french"
    AXIS = "axis"        # 58.533: no roll, stays an Axis conquest
    BRITISH = "british"  # 58.534: no roll, becomes Free French


class Alignment(StrEnum):
    FREE_FRENCH = "free-french"
    VICHY = "vichy"
    INDEPENDENT = "independent"
    AXIS = "axis"

    @property
    def title(self) -> str:  # type: ignore[override]
        return {"free-french": "Free French", "vichy": "Vichy French", "independent": "independent neutral",
                "axis": "Axis conquest"}[self.value]


class ColonyOutcome(Frozen):
    colony: Colony
    control: Control
    alignment: Alignment
    rule: str
    die: int | None = None
    modified: int | None = None   # die + level + 3 if Vichy
    text: str = ""


def check_level(level: int) -> int:
    return require_range("level (the French surrender level, after 58.22)", level, -MAX_LEVEL, MAX_LEVEL)


def check_bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RulesInputError(f"{name}: expected true or false, got {value!r}")
    return value


def colony_outcome(colony: Colony, die: int | None, level: int, vichy: bool,
                   control: Control = Control.FRENCH) -> ColonyOutcome:
    """58.531-58.534: one colony's alignment.  The die is modified by the (clamped) surrender level and +3
    with Vichy France; Lebanon-Syria and Morocco are Free French on 3 or less, Algeria on 2 or less,
    Tunisia on 1 or less; otherwise Vichy (with Vichy France) or independent (without, 58.532).
    Colonies held by the Axis or Britain do not roll."""
    colony, control = Colony(colony), Control(control)
    check_level(level)
    check_bool("vichy", vichy)
    if control is Control.AXIS:
        return ColonyOutcome(colony, control, Alignment.AXIS, "58.533",
                             text=f"{colony.title}: held by the Axis, no roll; it stays an Axis conquest.")
    if control is Control.BRITISH:
        return ColonyOutcome(colony, control, Alignment.FREE_FRENCH, "58.534",
                             text=f"{colony.title}: held by Britain, no roll; it becomes Free French.")
    if die is None:
        raise RulesInputError(f"die: a die roll is needed for {colony.title}")
    require_range(f"die for {colony.title}", die, 1, 6)
    modified = die + level + (3 if vichy else 0)
    parts = f"die {die}, level {signed(level)}" + (", Vichy +3" if vichy else "") + f" = {modified}"
    if modified <= colony.free_french_at_most:
        alignment, rule = Alignment.FREE_FRENCH, "58.531D" if colony is Colony.LEBANON_SYRIA else "58.531E"
    elif vichy:
        alignment, rule = Alignment.VICHY, "58.531B"
    else:
        alignment, rule = Alignment.INDEPENDENT, "58.532A"
    return ColonyOutcome(colony, control, alignment, rule, die, modified,
                         f"{colony.title}: {parts}: {alignment.title} (Free French on "
                         f"{colony.free_french_at_most} or less).")


def resolve_colonies(level: int, vichy: bool, dice: Mapping[str, int | None],
                     control: Mapping[Colony, Control] | None = None) -> tuple[ColonyOutcome, ...]:
    """All four colonies, with one die for Lebanon-Syria and one for French North Africa (58.531).
    ``dice`` is keyed "lebanon_syria" / "north_africa"; a die may be None only when every colony it
    decides is held by the Axis or Britain."""
    control = {Colony(key): Control(value) for key, value in (control or {}).items()}
    unknown = set(dice) - set(ROLLS)
    if unknown:
        raise RulesInputError(f"dice: unknown roll(s) {', '.join(sorted(unknown))}; expected lebanon_syria, "
                              "north_africa")
    out: list[ColonyOutcome] = []
    for roll, colonies in ROLLS.items():
        needed = any(control.get(colony, Control.FRENCH) is Control.FRENCH for colony in colonies)
        die = dice.get(roll)
        if needed and die is None:
            raise RulesInputError(f"dice.{roll}: a die roll is needed for "
                                  f"{', '.join(c.title for c in colonies)}")
        out.extend(colony_outcome(colony, die, level, vichy, control.get(colony, Control.FRENCH))
                   for colony in colonies)
    return tuple(out)
