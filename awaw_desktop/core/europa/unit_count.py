"""One unit of the RE count (56.E): the modifiers list applied cumulatively, then the card, with a rule number on
every step and a short reason for the roster's "counted" column.

Every unit of an order of battle is taken.  What 56.E does not count (supply units, depots and Army HQs, units
within 3 hexes of an enemy unit, major-power units outside the home country) counts 0 with its reason; a
modifier that cannot apply where the unit stands (a capital outside the home country, MDs at home) is left out
with its reason, not refused."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..frozen import Frozen
from . import cards
from .cards import CardEffect, card_short
from .res import format_res
from .roster import ABROAD, GERMAN_FORCES, HOME, LUFTWAFFE, NATIONAL, POSSESSION, SS_POLICE, RosterEntry
from .words import counted, res_words

MODIFIERS_RULE = "56.E modifiers"
COUNTS_RULE = "56.E RE counts"
NOT_COUNTED_RULE = "56.E Table 1 note 1"
NEAR_ENEMY_RULE = "56.E.1 note"
ABROAD_RULE = "56.E"

# Categories of the subtotals.
FORCES = "forces"
FORTS = "forts"
GROUND = "ground losses"
AIR = "air losses"
NAVAL = "naval losses"
RP = "RP pool losses"
NOTE = "note"   # a line that says something and adds nothing

#: Why a unit counts 0, in the words of its breakdown line and of the roster's reason column.
SUPPORT_REASON = "supply unit, depot or Army HQ: not counted"
NEAR_ENEMY_REASON = "within 3 hexes of an enemy unit: not counted"
MAJOR_ABROAD_REASON = "a major power's unit outside the home country: not counted"
MAJOR_ABROAD_READING = ("Outside the home country only the nation's own units are counted (56.E: 'units outside the "
                        "home country' are the nation's own); a German, SS/Police or Luftwaffe unit there is entered "
                        "and counts 0.")
HOME_ONLY_READING = ("The capital and major city modifiers are for hexes in the home country; a unit elsewhere "
                     "marked so is counted without them. MDs count only for a unit outside the home country.")


class Modifier(Frozen):
    """One line of the modifiers list: a factor for the units it applies to."""

    key: str
    label: str
    factor: Fraction
    applies: Callable[[RosterEntry], bool]
    rule: str = MODIFIERS_RULE
    reading: str = ""
    short: str = ""   # the few words of a unit's reason ("x2 capital")


def distance_mds(mds_major: int, mds_minor: int) -> int:
    """Distance in MDs from the home country: minor countries' MDs count half, rounded down, at least 1
    (four MDs into Yugoslavia count as two into France)."""
    return max(1, mds_major + mds_minor // 2)


def mds_words(count: int) -> str:
    """"1 MD", "3 MDs"."""
    return counted(count, "MD")


def _at_home(entry: RosterEntry) -> bool:
    return entry.where == HOME


#: The modifiers list, in the rule's order (the distance multiplier is worked out per unit).
MODIFIERS: tuple[Modifier, ...] = (
    Modifier("capital", "in the capital", Fraction(2), lambda e: e.capital and _at_home(e),
             reading="The modifiers are cumulative: a capital that is also a major city hex counts x2 x2.",
             short="capital"),
    Modifier("major_city", "in a major city hex", Fraction(2), lambda e: e.major_city and _at_home(e),
             short="major city"),
    Modifier("possession_or_island", "in a possession or on an island (not Sicily)", Fraction(1, 2),
             lambda e: e.where == POSSESSION or e.island,
             reading="A unit both in a possession and on an island is halved once.", short="possession or island"),
    Modifier("armour", "armour symbol", Fraction(2), lambda e: e.armour, short="armour"),
    Modifier("motorized", "motorized", Fraction(3, 2), lambda e: e.motorized, short="motorized"),
)
DISTANCE_READING = ("The printed 'x (MDs-1)' is read as: multiplied by the distance in MDs from the home country, "
                    "whole MDs in major countries plus half the MDs in minor countries rounded down, at least 1.")


class CountLine(Frozen):
    """One step of the count: what it did and the value it gives (a running value for a unit)."""

    rule: str
    text: str
    value: Fraction
    category: str

    def __str__(self) -> str:
        if self.category == NOTE:
            return f"{self.text} ({self.rule})"
        return f"{self.text} = {format_res(self.value)} ({self.rule})"


class UnitCount(Frozen):
    """What one roster entry adds to the count, the steps, and why, in a few words."""

    label: str
    value: Fraction
    reason: str
    lines: tuple[CountLine, ...]


def card_line(card: str, fx: CardEffect, text: str, value: Fraction, category: str) -> CountLine:
    return CountLine(fx.rule, f"{card_short(card)}: {fx.label}: {text}", value, category)


def _not_counted(name: str, rule: str, reason: str) -> UnitCount:
    return UnitCount(name, Fraction(0), f"{reason} ({rule})",
                     (CountLine(rule, f"{name}: {reason}", Fraction(0), FORCES),))


def unit_count(entry: RosterEntry, card: str = "", fx: CardEffect | None = None) -> UnitCount:
    """One unit's REs in the count, with every step.  ``card`` is the card in effect ("" for none)."""
    fx = fx if fx is not None else cards.effect(card) if card else CardEffect(cards.NOTHING, "no card in effect")
    name = entry.label or "unnamed unit"
    if entry.support:
        return _not_counted(name, NOT_COUNTED_RULE, SUPPORT_REASON)
    if entry.near_enemy:
        return _not_counted(name, NEAR_ENEMY_RULE, NEAR_ENEMY_REASON)
    if entry.where == ABROAD and entry.force != NATIONAL:
        return _not_counted(name, ABROAD_RULE, MAJOR_ABROAD_REASON)
    value = entry.res
    lines = [CountLine(COUNTS_RULE, f"{name}: {res_words(entry.res)}", value, FORCES)]
    reasons: list[str] = []
    for modifier in MODIFIERS:
        if modifier.applies(entry):
            if modifier.key == "possession_or_island" and fx.target == cards.POSSESSIONS and \
                    entry.where == POSSESSION:
                if fx.factor == 0:
                    lines.append(card_line(card, fx, f"{name} x0", Fraction(0), FORCES))
                    return UnitCount(name, Fraction(0), f"{card_short(card)}: {fx.label} ({fx.rule})", tuple(lines))
                if not entry.island:
                    lines.append(card_line(card, fx, f"{name} not halved", value, FORCES))
                    reasons.append(f"{card_short(card)}: not halved")
                    continue
            value *= modifier.factor
            lines.append(CountLine(modifier.rule, f"{name} x{format_res(modifier.factor)} {modifier.label}", value,
                                   FORCES))
            reasons.append(f"x{format_res(modifier.factor)} {modifier.short or modifier.label}")
    for key, label in (("capital", "the capital"), ("major_city", "a major city hex")):
        if getattr(entry, key) and not _at_home(entry):
            lines.append(CountLine(MODIFIERS_RULE, f"{name}: marked in {label}, but not in the home country: no x2",
                                   value, FORCES))
            reasons.append(f"no x2 for {label.removeprefix('the ').removeprefix('a ')} outside the home country")
    if entry.where == ABROAD:
        mds = distance_mds(entry.mds_major, entry.mds_minor)
        detail = (f"the printed 'x (MDs-1)' read as the distance in MDs: {mds_words(entry.mds_major)} in major "
                  f"countries + half of {entry.mds_minor} in minor countries, rounded down, = {mds_words(mds)}, at "
                  "least 1")
        value *= mds
        lines.append(CountLine(MODIFIERS_RULE, f"{name} x{mds} distance ({detail})", value, FORCES))
        reasons.append(f"x{mds} distance")
        if fx.target == cards.DISTANCE:
            value *= fx.factor
            lines.append(card_line(card, fx, f"{name} x{format_res(fx.factor * mds)} instead of x{mds}", value,
                                   FORCES))
            reasons.append(f"{card_short(card)}: x{format_res(fx.factor * mds)} instead of x{mds}")
    elif entry.mds_major or entry.mds_minor:
        lines.append(CountLine(MODIFIERS_RULE, f"{name}: MDs entered, but the unit is not outside the home country: "
                                               "no distance", value, FORCES))
        reasons.append("MDs not used at home or in a possession")
    targets = {SS_POLICE: cards.SS_POLICE, LUFTWAFFE: cards.LUFTWAFFE}
    if _at_home(entry) and targets.get(entry.force) == fx.target:
        value *= fx.factor
        lines.append(card_line(card, fx, f"{name} x{format_res(fx.factor)}", value, FORCES))
        reasons.append(f"{card_short(card)}: x{format_res(fx.factor)}")
    reason = ", ".join(reasons) if reasons else "counted as printed"
    return UnitCount(name, value, f"{reason} ({MODIFIERS_RULE if reasons else COUNTS_RULE})", tuple(lines))


def german_at_home(entry: RosterEntry) -> bool:
    """A German (army, SS/Police, Luftwaffe) unit in the home country: what the 10..2 of hearts and diamonds act on."""
    return entry.force in GERMAN_FORCES and entry.where == HOME
