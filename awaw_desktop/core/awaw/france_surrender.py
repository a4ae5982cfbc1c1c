"""The French surrender wizard's procedures: colonies (58.53), Free French and Vichy forces (58.6),
the French fleet (58.64) and the BRPs (58.7), and :func:`french_surrender_outcome`, which puts
everything together from one request.

All functions are pure; inputs and outputs are frozen dataclasses, so a wizard only gathers the
answers and shows the results.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from ..frozen import Frozen, field
from ..lines import Context, LineResult, RulesInputError, evaluate
from . import facts as war_facts
from .common import Consequence, Edition, PowerResult, Scenario, Status, Turn, require_range
from .france import (
    KEY,
    MAX_LEVEL,
    PARIS,
    US_AT_WAR,
    clamp_level,
    counted_fleet_factors,
    entered_first_hex_turn,
    hex_consequences,
    initial_carry,
    lines,
    may_surrender_voluntarily,
    surrender_check,
    turn_from_json,
    vichy_allowed,
)
from .levels import signed
from .session import DieRoll as SessionDieRoll
from .session import HistoryEntry, Session

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


class DieRoll(Frozen):
    """One die as used by the wizard: typed in by a player, or rolled by the application."""

    value: int
    source: str = "typed"

    def __post_init__(self) -> None:
        require_range("die", self.value, 1, 6)
        if self.source not in ("typed", "rolled"):
            raise RulesInputError(f"die source: expected 'typed' or 'rolled', got {self.source!r}")

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source}

    @classmethod
    def from_json(cls, data: Any) -> DieRoll | None:
        if data is None:
            return None
        if isinstance(data, int) and not isinstance(data, bool):
            return cls(data)
        if not isinstance(data, Mapping):
            raise RulesInputError(f"die: expected a value and a source, got {data!r}")
        return cls(data.get("value"), data.get("source", "typed"))  # type: ignore[arg-type]


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


# --------------------------------------------------------------------------------------------------
# Everything together
# --------------------------------------------------------------------------------------------------


class FrenchSurrenderRequest(Frozen):
    """What the wizard gathers.  ``level_inputs`` are the France tab's inputs (line id -> value)."""

    edition: Edition
    turn: Turn
    level_inputs: Mapping[str, Any] = field(default_factory=dict)
    german_first_hex_turn: Turn | None = None
    vichy: bool = True
    dice: Mapping[str, DieRoll | None] = field(default_factory=dict)
    colony_control: Mapping[str, str] = field(default_factory=dict)
    existing_ships: Ships = field(default_factory=Ships)
    french_4_5_armor: bool = False
    french_brp_base: int = 60
    colony_brps: Mapping[str, int] = field(default_factory=dict)
    key_areas_axis: tuple[str, ...] | None = None   # None: worked out by axis_key_areas
    scenario: Scenario = Scenario.GLOBAL_WAR

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition.value, "turn": self.turn.to_json(),
            "level_inputs": {key: list(value) if isinstance(value, tuple) else value
                             for key, value in self.level_inputs.items()},
            "german_first_hex_turn": None if self.german_first_hex_turn is None else
            self.german_first_hex_turn.to_json(),
            "vichy": self.vichy,
            "dice": {key: None if die is None else die.to_json() for key, die in self.dice.items()},
            "colony_control": dict(self.colony_control),
            "existing_ships": {"named_ships": self.existing_ships.named_ships,
                               "cruisers": self.existing_ships.cruisers,
                               "destroyers": self.existing_ships.destroyers},
            "french_4_5_armor": self.french_4_5_armor, "french_brp_base": self.french_brp_base,
            "colony_brps": dict(self.colony_brps),
            "key_areas_axis": None if self.key_areas_axis is None else list(self.key_areas_axis),
            "scenario": self.scenario.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FrenchSurrenderRequest:
        try:
            turn = turn_from_json(data["turn"])
            assert turn is not None
            areas = data.get("key_areas_axis")
            return cls(
                edition=Edition(data["edition"]), turn=turn,
                level_inputs=dict(data.get("level_inputs", {})),
                german_first_hex_turn=turn_from_json(data.get("german_first_hex_turn"), "german_first_hex_turn"),
                vichy=data.get("vichy", True),
                dice={key: DieRoll.from_json(value) for key, value in data.get("dice", {}).items()},
                colony_control=dict(data.get("colony_control", {})),
                existing_ships=Ships(**data.get("existing_ships", {})),
                french_4_5_armor=data.get("french_4_5_armor", False),
                french_brp_base=data.get("french_brp_base", 60),
                colony_brps=dict(data.get("colony_brps", {})),
                key_areas_axis=None if areas is None else tuple(areas),
                scenario=Scenario(data.get("scenario", Scenario.GLOBAL_WAR.value)),
            )
        except (KeyError, TypeError, AssertionError, ValueError) as error:
            if isinstance(error, RulesInputError):
                raise
            raise RulesInputError(f"French surrender request: cannot read {data!r} ({error})") from error


class FrenchSurrenderOutcome(Frozen):
    request: FrenchSurrenderRequest
    raw_total: int
    level: int
    breakdown: tuple[LineResult, ...]
    reason: str                       # "paris" or "voluntary"
    vichy: bool
    colonies: tuple[ColonyOutcome, ...]
    free_french: ForceLevel
    vichy_forces: ForceLevel
    fleet: FleetAllocation
    brps: BrpOutcome
    consequences: tuple[Consequence, ...]

    def summary_text(self) -> str:
        req = self.request
        lines_out = [f"French surrender, {req.turn.title} ({req.edition.title})",
                     "Reason: " + ("the Axis hold Paris (58.11A)" if self.reason == "paris"
                                   else "France chose to surrender (58.11B)"),
                     f"Surrender level: {signed(self.level)}" + ("" if self.raw_total == self.level else
                                                            f" (raw total {signed(self.raw_total)}, 58.22)")]
        for item in self.breakdown:
            if item.points:
                note = f" ({item.note})" if item.note else ""
                lines_out.append(f"  {item.rule} {item.label}: {signed(item.points)}{note}")
        lines_out.append("Vichy France: " + ("set up" if self.vichy else "not set up"))
        lines_out.append("Colonies:")
        lines_out.extend(f"  {c.text}" + (" [rolled]" if self._rolled(c) else "") for c in self.colonies)
        lines_out.append(f"Free French forces: {self.free_french.describe()}")
        lines_out.append(f"Vichy forces: {self.vichy_forces.describe()}")
        shown = {c.text for c in self.colonies}
        lines_out.extend(f"{c.rule}: {c.text}" for c in self.consequences
                         if c.text not in shown and c.rule not in ("58.621", "58.631"))
        return "\n".join(lines_out)

    def _rolled(self, colony: ColonyOutcome) -> bool:
        die = self.request.dice.get(colony.colony.roll)
        return colony.die is not None and die is not None and die.source == "rolled"

    def to_json(self) -> dict[str, Any]:
        """The request and the main results (the results are recomputed on reading)."""
        return {
            "request": self.request.to_json(),
            "raw_total": self.raw_total, "level": self.level, "reason": self.reason, "vichy": self.vichy,
            "colonies": {c.colony.value: c.alignment.value for c in self.colonies},
            "summary": self.summary_text(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FrenchSurrenderOutcome:
        if not isinstance(data, Mapping) or "request" not in data:
            raise RulesInputError(f"French surrender outcome: expected a saved request, got {data!r}")
        return french_surrender_outcome(FrenchSurrenderRequest.from_json(data["request"]))


def french_surrender_outcome(request: FrenchSurrenderRequest) -> FrenchSurrenderOutcome:
    """The whole French surrender from one request: level (58.2), Vichy (58.3), hexes (58.4), colonies (58.5),
    forces and fleet (58.6) and BRPs (58.7)."""
    if not isinstance(request, FrenchSurrenderRequest):
        raise RulesInputError(f"request: expected a FrenchSurrenderRequest, got {request!r}")
    edition, turn = Edition(request.edition), request.turn
    if Scenario(request.scenario) is Scenario.PACIFIC:
        raise RulesInputError("scenario: France takes no part in a Pacific scenario.")
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a game turn, got {turn!r}")
    first = request.german_first_hex_turn or entered_first_hex_turn(request.level_inputs)
    if first is not None and first.number > turn.number:
        raise RulesInputError(f"german_first_hex_turn: {first.title} is after the surrender turn {turn.title}")
    table = lines(edition, request.scenario)
    result = evaluate(table, request.level_inputs, Context({"turn": turn, "german_first_hex_turn": first}))
    values = {item.id: item.value for item in result.breakdown}
    check = surrender_check(values["paris_axis"], values["voluntary_surrender"], turn)
    if not check.surrenders:
        raise RulesInputError(f"level_inputs: France does not surrender: {check.text}")
    level = clamp_level(result.total)
    us_at_war = bool(values["us_at_war_with_germany"])
    vichy = check_bool("vichy", request.vichy)
    allowed, reason = vichy_allowed(us_at_war)
    if vichy and not allowed:
        raise RulesInputError(f"vichy: {reason}")
    dice = {key: None if die is None else die.value for key, die in request.dice.items()}
    control = {Colony(key): Control(value) for key, value in request.colony_control.items()}
    colonies = resolve_colonies(level, vichy, dice, control)
    free_french = free_french_forces(level, vichy, edition, request.french_4_5_armor)
    vichy_force = vichy_forces(level, vichy, edition, request.french_4_5_armor)
    fleet = allocate_fleet(request.existing_ships, free_french, vichy_force)
    areas = request.key_areas_axis
    if areas is None:
        areas = axis_key_areas(bool(values["paris_axis"]), tuple(values["lyon_marseilles_axis"]), vichy, us_at_war)
    brps = brp_outcome(edition, vichy, colonies, request.colony_brps, request.french_brp_base, areas, us_at_war)
    consequences = (
        Consequence("58.11", check.text),
        *((Consequence("58.22", f"The raw total {signed(result.total)} counts as {signed(level)}."),)
          if result.total != level else ()),
        *hex_consequences(vichy, us_at_war, edition),
        *(Consequence(c.rule, c.text) for c in colonies),
        *_colony_effects(colonies, vichy),
        Consequence("58.61", "French ground and air units outside Free French colonies and British-held hexes "
                             "are removed; the fleet stays."),
        Consequence("58.621", f"Free French forces: {free_french.describe()}."),
        Consequence("58.623", "The British player may keep French units in Free French colonies and British-held "
                              "hexes as Free French; the rest are added unbuilt to the British force pool."),
        Consequence("58.631", f"Vichy forces: {vichy_force.describe()}." if vichy else
                    "No Vichy France: no Vichy forces."),
        *fleet.consequences(),
        *brps.consequences(edition),
    )
    return FrenchSurrenderOutcome(request, result.total, level, result.breakdown, check.reason, vichy, colonies,
                                  free_french, vichy_force, fleet, brps, consequences)


def _colony_effects(colonies: tuple[ColonyOutcome, ...], vichy: bool) -> tuple[Consequence, ...]:
    out: list[Consequence] = []
    if any(c.alignment is Alignment.FREE_FRENCH for c in colonies):
        out.append(Consequence("58.531C", "Free French colonial hexes become British-held, except Axis-held hexes."))
    if any(c.alignment is Alignment.INDEPENDENT for c in colonies):
        out.append(Consequence("58.532", "Each independent colony gets one 2-3 infantry unit in its capital and may "
                                         "be attacked only after a 10 BRP declaration of war. Allied units there are "
                                         "eliminated; Axis units there must leave during the next Axis player turn."))
    if vichy:
        out.append(Consequence("58.632", "A Vichy 2-3 infantry unit goes to Vichy and to the capital of each Vichy "
                                         "colony; the rest of the Vichy ground and air forces go to Vichy France."))
    return tuple(out)


# --------------------------------------------------------------------------------------------------
# The fleet count helper (58.21C) for the wizard's level page
# --------------------------------------------------------------------------------------------------


class FleetCount(Frozen):
    """What the 58.21C fleet line takes from a count of French naval factors by condition."""

    full: int         # completed, undamaged ships
    half: int         # damaged ships plus ships on the "2" or "Launch" shipyard rows
    left_out: int     # ships on the "3" row or higher: not counted at all
    counted: int      # full + half // 2

    def line_value(self) -> dict[str, int]:
        """The value of the ``fleet`` line (its two fields)."""
        return {"full": self.full, "half": self.half}


def count_fleet(undamaged: int, damaged: int = 0, shipyard_row_2_or_launch: int = 0,
                shipyard_row_3_or_higher: int = 0) -> FleetCount:
    """58.21C: damaged ships and ships on the '2' or 'Launch' rows count two factors for one (the pool is
    halved once, a remnant dropped); ships on the '3' row or higher are left out."""
    for name, value in (("undamaged", undamaged), ("damaged", damaged),
                        ("shipyard_row_2_or_launch", shipyard_row_2_or_launch),
                        ("shipyard_row_3_or_higher", shipyard_row_3_or_higher)):
        require_range(name, value, 0, 300)
    half = damaged + shipyard_row_2_or_launch
    if half > 300:
        raise RulesInputError(f"damaged + shipyard_row_2_or_launch: {half} naval factors is more than 300")
    return FleetCount(undamaged, half, shipyard_row_3_or_higher, counted_fleet_factors(undamaged, half))


# --------------------------------------------------------------------------------------------------
# When the wizard may open, and what Finish records
# --------------------------------------------------------------------------------------------------

#: The two colony dice (58.531), as the game record names them.
DIE_PURPOSES: dict[str, str] = {
    "lebanon_syria": "Lebanon-Syria colony roll",
    "north_africa": "French North Africa colony roll (Tunisia, Algeria, Morocco)",
}


def wizard_available(session: Session, results: Mapping[str, PowerResult] | None = None) -> tuple[bool, str]:
    """Whether the French surrender wizard may open now, and why (or why not).

    It opens when the Axis hold Paris (58.11A, any turn) or, from Fall 1940 on, so that France may choose to
    surrender (58.11B); it is refused in a Pacific scenario and once France has surrendered."""
    if session.scenario is Scenario.PACIFIC:
        return False, "France takes no part in a Pacific scenario."
    carried = session.carry.get(KEY, {})
    result = (results or {}).get(KEY)
    if carried.get("surrendered") or (result is not None and result.status is Status.SURRENDERED):
        when = turn_from_json(carried.get("surrender_turn"), "surrender_turn")
        level = carried.get("surrender_level")
        detail = "".join((f" in {when.title}" if when else "",
                          f" at level {signed(int(level))}" if isinstance(level, int) else ""))
        return False, f"France has already surrendered{detail}; it surrenders only once."
    if session.value(KEY, PARIS.id):
        return True, "58.11A: the Axis hold Paris, so France surrenders at the end of this Allied player turn."
    allowed, why = may_surrender_voluntarily(session.turn)
    if allowed:
        return True, why
    return False, f"{why} Before then it surrenders only when the Axis hold Paris (58.11A)."


def record_french_surrender(session: Session, outcome: FrenchSurrenderOutcome) -> None:
    """Finish of the wizard: France surrendered this turn (carry), the outcome, a history entry and the colony
    dice, all in ``session`` (the store wraps the call in one undo step).  The level inputs the wizard used
    are written back to the France lines, so the France tab shows the facts the level came from."""
    if not isinstance(outcome, FrenchSurrenderOutcome):
        raise RulesInputError(f"outcome: expected a French surrender outcome, got {outcome!r}")
    request = outcome.request
    if session.carry.get(KEY, {}).get("surrendered"):
        raise RulesInputError("France has already surrendered; it surrenders only once.")
    if Edition(request.edition) is not session.edition:
        raise RulesInputError(f"outcome: worked out for the {Edition(request.edition).title}, but the session "
                              f"uses the {session.edition.title}")
    if request.turn != session.turn:
        raise RulesInputError(f"outcome: worked out for {request.turn.title}, but the session is at "
                              f"{session.turn.title}")
    for line in lines(session.edition, session.scenario):
        if line.input_kind != "derived" and line.id in request.level_inputs:
            session.set_value(KEY, line.id, request.level_inputs[line.id])
    us_at_war = bool(request.level_inputs.get(US_AT_WAR.id, False))
    carry = {**initial_carry(), **dict(session.carry.get(KEY, {}))}
    carry.update(surrendered=True, surrender_turn=session.turn.to_json(), surrender_level=outcome.level,
                 vichy=outcome.vichy)
    if carry["german_first_hex_turn"] is None:
        first = request.german_first_hex_turn or entered_first_hex_turn(request.level_inputs)
        if first is None and not us_at_war:
            first = session.turn
        carry["german_first_hex_turn"] = None if first is None else first.to_json()
    session.carry[KEY] = carry
    session.outcomes[KEY] = outcome.to_json()
    # 58.1, 58.53: France's war ends and each colony's side is settled in the war's facts.
    war_facts.settle_french_surrender(session.facts, {c.colony.value: c.alignment.value for c in outcome.colonies})
    session.history.append(HistoryEntry(
        turn=session.turn, kind="french-surrender",
        title=f"French surrender, {session.turn.title}: level {signed(outcome.level)}, "
              f"{'with' if outcome.vichy else 'without'} Vichy France",
        levels={KEY: outcome.level},
        events=history_events(outcome),
    ))
    used = {colony.colony.roll for colony in outcome.colonies if colony.die is not None}
    for roll in ROLLS:
        die = request.dice.get(roll)
        if die is not None and roll in used:
            session.dice.append(SessionDieRoll(session.turn, DIE_PURPOSES[roll], "58.531", die.value, die.source))


def history_events(outcome: FrenchSurrenderOutcome) -> tuple[Consequence, ...]:
    """The main events of a French surrender for the game record."""
    request = outcome.request
    why = "the Axis hold Paris" if outcome.reason == "paris" else "France chose to surrender"
    events = [Consequence("58.11", f"France surrenders in {request.turn.title} ({why}) at level "
                                   f"{signed(outcome.level)}.")]
    if outcome.raw_total != outcome.level:
        events.append(Consequence("58.22", f"The raw total {signed(outcome.raw_total)} counts as "
                                           f"{signed(outcome.level)}."))
    if outcome.vichy:
        events.append(Consequence("58.31", "The Axis set up Vichy France."))
    else:
        allowed, reason = vichy_allowed(bool(request.level_inputs.get(US_AT_WAR.id, False)))
        events.append(Consequence("58.31", "The Axis do not set up Vichy France." if allowed else reason))
    events.extend(Consequence(colony.rule, colony.text) for colony in outcome.colonies)
    events.append(Consequence("58.621", f"Free French forces: {outcome.free_french.describe()}."))
    if outcome.vichy:
        events.append(Consequence("58.631", f"Vichy forces: {outcome.vichy_forces.describe()}."))
    events.extend(outcome.fleet.consequences())
    events.extend(outcome.brps.consequences(Edition(request.edition)))
    return tuple(events)
