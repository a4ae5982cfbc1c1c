"""What an RE count (56.E) reads: a nation's roster of forces and its losses, as entered by the players.

NOTES.md: counted are the REs of the nation's own units and of major-power units (German,
SS/Police, Luftwaffe) in its home country, its possessions, and its own units outside the home
country; forts in the country; losses; and RP pool losses as a separate figure in RPs.  Supply
units, depots, Army HQs, units within 3 hexes of an enemy unit and major-power units outside the home
country are entered like any other unit and count 0, with the reason on their line of the count.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .jsonread import Fields
from .res import res_to_json

NATIONAL = "national"
GERMAN = "german"
SS_POLICE = "ss-police"
LUFTWAFFE = "luftwaffe"
FORCES = {NATIONAL: "the nation's own", GERMAN: "German", SS_POLICE: "SS/Police", LUFTWAFFE: "Luftwaffe"}
#: Major-power forces: all German, for the "German REs" cards (see cards.TABLE_1 readings).
GERMAN_FORCES = (GERMAN, SS_POLICE, LUFTWAFFE)

HOME = "home"
POSSESSION = "possession"
ABROAD = "abroad"
PLACES = {HOME: "in the home country", POSSESSION: "in a possession", ABROAD: "outside the home country"}
MAX_MDS = 99
MAX_LABEL = 200
GROUND_LOSSES_READING = ("Ground losses leave out units scrapped or disbanded while Axis units were in North Africa "
                         "(the note under RE counts): the players leave them out of the figure they enter.")
MAX_COUNT = 9999


class RosterEntry(Frozen):
    """A unit, or several alike, with everything the modifiers ask about."""

    label: str
    res: Fraction
    force: str = NATIONAL
    where: str = HOME
    capital: bool = False
    major_city: bool = False
    island: bool = False          # an island other than Sicily
    armour: bool = False          # armour symbol on the unit
    motorized: bool = False
    mds_major: int = 0            # abroad: MDs in major countries
    mds_minor: int = 0            # abroad: MDs in minor countries (count half)
    support: bool = False         # supply unit, depot or Army HQ: never counted
    near_enemy: bool = False      # within 3 hexes of an enemy unit: not counted

    def __post_init__(self) -> None:
        """Any unit of an order of battle is taken: what 56.E does not count counts 0 with its reason
        (``recount.unit_count``); only a value no unit can have is refused."""
        name = self.label or "a roster entry"
        if len(self.label) > MAX_LABEL:
            raise RulesInputError(f"{name[:40]}...: a unit's name is at most {MAX_LABEL} characters")
        if self.force not in FORCES:
            raise RulesInputError(f"{name}: a force is one of {', '.join(FORCES)}, not {self.force!r}")
        if self.where not in PLACES:
            raise RulesInputError(f"{name}: a place is one of {', '.join(PLACES)}, not {self.where!r}")
        for what, value in (("MDs in major countries", self.mds_major), ("MDs in minor countries", self.mds_minor)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_MDS:
                raise RulesInputError(f"{name}: {what} must be 0 to {MAX_MDS}, not {value!r}")

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "res": res_to_json(self.res), "force": self.force, "where": self.where,
                "capital": self.capital, "major_city": self.major_city, "island": self.island,
                "armour": self.armour, "motorized": self.motorized, "mds_major": self.mds_major,
                "mds_minor": self.mds_minor, "support": self.support, "near_enemy": self.near_enemy}

    @classmethod
    def from_json(cls, data: Any, where: str) -> RosterEntry:
        flags = ("capital", "major_city", "island", "armour", "motorized", "support", "near_enemy")
        f = Fields(data, where, ("label", "res", "force", "where"), (*flags, "mds_major", "mds_minor"))
        try:
            return cls(label=f.text("label"), res=f.res("res"), force=f.choice("force", tuple(FORCES)),
                       where=f.choice("where", tuple(PLACES)), mds_major=f.integer("mds_major", 0, MAX_MDS, 0),
                       mds_minor=f.integer("mds_minor", 0, MAX_MDS, 0), **{k: f.flag(k) for k in flags})
        except RulesInputError as error:
            raise RulesInputError(f"{where}: {error}") from error


class Losses(Frozen):
    """The "RE counts" list of 56.E (losses and forts) and the RP pool losses."""

    ground_res: Fraction = Fraction(0)      # eliminated or currently disrupted ground REs, not position AA
    cm_armour_res: Fraction = Fraction(0)   # of which c/m or armour
    air_eliminated: int = 0                 # currently eliminated air units
    air_aborted: int = 0
    tf_hits: int = 0                        # hits on sunk or damaged TFs
    nts_eliminated: int = 0
    forts_inland: int = 0                   # forts in the country in non-coastal hexes
    forts_coastal: int = 0                  # forts in the country in non-port coastal hexes
    rp_pool: int = 0                        # RP pool losses, in RPs

    COUNTS = ("air_eliminated", "air_aborted", "tf_hits", "nts_eliminated", "forts_inland", "forts_coastal",
              "rp_pool")

    def __post_init__(self) -> None:
        for name in self.COUNTS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
                raise RulesInputError(f"losses: {name.replace('_', ' ')} must be 0 to {MAX_COUNT}, not {value!r}")
        if self.cm_armour_res > self.ground_res:
            raise RulesInputError("losses: the c/m and armour ground losses are part of the ground losses, "
                                  "so they cannot be more")

    def to_json(self) -> dict[str, Any]:
        return {"ground_res": res_to_json(self.ground_res), "cm_armour_res": res_to_json(self.cm_armour_res),
                **{name: getattr(self, name) for name in self.COUNTS}}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Losses:
        f = Fields(data, where, (), ("ground_res", "cm_armour_res", *cls.COUNTS))
        try:
            return cls(f.res("ground_res"), f.res("cm_armour_res"),
                       **{name: f.integer(name, 0, MAX_COUNT, 0) for name in cls.COUNTS})
        except RulesInputError as error:
            raise RulesInputError(f"{where}: {error}") from error
