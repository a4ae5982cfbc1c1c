"""RE counts (56.E, 56.E.2): every modifier of the list applied cumulatively, then the card.

The count is a pure function of a roster, the losses and the card in effect (or none).  Each
step is a :class:`CountLine` with its rule number, so a player can check it by hand.  Halves are
exact (``Fraction``); only the NTs are rounded (down, per 5).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..frozen import Frozen
from . import cards
from .cards import CardEffect, card_short
from .res import format_res
from .roster import ABROAD, GERMAN_FORCES, HOME, LUFTWAFFE, POSSESSION, SS_POLICE, Losses, RosterEntry

MODIFIERS_RULE = "56.E modifiers"
COUNTS_RULE = "56.E RE counts"
NOT_COUNTED_RULE = "56.E Table 1 note 1"
NEAR_ENEMY_RULE = "56.E.1 note"
GERMAN_LIMIT_RULE = "56.E Table 1 note 3"
NTS_PER_RE = 5

# Categories of the subtotals.
FORCES = "forces"
FORTS = "forts"
GROUND = "ground losses"
AIR = "air losses"
NAVAL = "naval losses"
RP = "RP pool losses"


class Modifier(Frozen):
    """One line of the modifiers list: a factor for the units it applies to."""

    key: str
    label: str
    factor: Fraction
    applies: Callable[[RosterEntry], bool]
    rule: str = MODIFIERS_RULE
    reading: str = ""


def distance_mds(mds_major: int, mds_minor: int) -> int:
    """Distance in MDs from the home country: minor countries' MDs count half, rounded down, at least 1
    (four MDs into Yugoslavia count as two into France)."""
    return max(1, mds_major + mds_minor // 2)


#: The modifiers list, in the rule's order (the distance multiplier is worked out per unit).
MODIFIERS: tuple[Modifier, ...] = (
    Modifier("capital", "in the capital", Fraction(2), lambda e: e.capital,
             reading="The modifiers are cumulative: a capital that is also a major city hex counts x2 x2."),
    Modifier("major_city", "in a major city hex", Fraction(2), lambda e: e.major_city),
    Modifier("possession_or_island", "in a possession or on an island (not Sicily)", Fraction(1, 2),
             lambda e: e.where == POSSESSION or e.island,
             reading="A unit both in a possession and on an island is halved once."),
    Modifier("armour", "armour symbol", Fraction(2), lambda e: e.armour),
    Modifier("motorized", "motorized", Fraction(3, 2), lambda e: e.motorized),
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
        return f"{self.text} = {format_res(self.value)} ({self.rule})"


class RECount(Frozen):
    forces: Fraction
    forts: Fraction
    ground_losses: Fraction
    air_losses: Fraction
    naval_losses: Fraction
    rp_pool_losses: int
    card: str
    lines: tuple[CountLine, ...]

    @property
    def losses(self) -> Fraction:
        return self.ground_losses + self.air_losses + self.naval_losses

    def summary(self) -> tuple[tuple[str, str], ...]:
        return (("REs of forces", format_res(self.forces)), ("Forts", format_res(self.forts)),
                ("Ground losses", format_res(self.ground_losses)), ("Air losses", format_res(self.air_losses)),
                ("Naval losses", format_res(self.naval_losses)), ("RP pool losses", f"{self.rp_pool_losses} RPs"))


def _card_line(card: str, fx: CardEffect, text: str, value: Fraction, category: str) -> CountLine:
    return CountLine(fx.rule, f"{card_short(card)}: {fx.label}: {text}", value, category)


def _count_entry(entry: RosterEntry, card: str, fx: CardEffect) -> list[CountLine]:
    name = entry.label or "unnamed unit"
    if entry.support:
        return [CountLine(NOT_COUNTED_RULE, f"{name}: supply unit, depot or Army HQ, not counted", Fraction(0),
                          FORCES)]
    if entry.near_enemy:
        return [CountLine(NEAR_ENEMY_RULE, f"{name}: within 3 hexes of an enemy unit, not counted", Fraction(0),
                          FORCES)]
    value = entry.res
    lines = [CountLine(COUNTS_RULE, f"{name}: {format_res(entry.res)} REs", value, FORCES)]
    for modifier in MODIFIERS:
        if modifier.applies(entry):
            if modifier.key == "possession_or_island" and fx.target == cards.POSSESSIONS and \
                    entry.where == POSSESSION:
                if fx.factor == 0:
                    return [*lines, _card_line(card, fx, f"{name} x0", Fraction(0), FORCES)]
                if not entry.island:
                    lines.append(_card_line(card, fx, f"{name} not halved", value, FORCES))
                    continue
            value *= modifier.factor
            lines.append(CountLine(modifier.rule, f"{name} x{format_res(modifier.factor)} {modifier.label}", value,
                                   FORCES))
    if entry.where == ABROAD:
        mds = distance_mds(entry.mds_major, entry.mds_minor)
        detail = f"{entry.mds_major} MDs in major + {entry.mds_minor} in minor countries = {mds} MDs"
        value *= mds
        lines.append(CountLine(MODIFIERS_RULE, f"{name} x{mds} distance ({detail})", value, FORCES))
        if fx.target == cards.DISTANCE:
            value *= fx.factor
            lines.append(_card_line(card, fx, f"{name} x{format_res(fx.factor * mds)} instead of x{mds}", value,
                                    FORCES))
    in_country = entry.where == HOME
    targets = {SS_POLICE: cards.SS_POLICE, LUFTWAFFE: cards.LUFTWAFFE}
    if in_country and targets.get(entry.force) == fx.target:
        value *= fx.factor
        lines.append(_card_line(card, fx, f"{name} x{format_res(fx.factor)}", value, FORCES))
    return lines


def _german_limit(roster: Sequence[RosterEntry], counted: Fraction, card: str, fx: CardEffect) -> list[CountLine]:
    """Table 1, 10..2 of hearts and diamonds: at most as many German REs as the country holds (note 3).

    ``counted`` is what the German units in the country added to the count: taking REs off never
    goes below it (German units on an island count half, so their printed REs can exceed it)."""
    held = sum((e.res for e in roster if e.force in GERMAN_FORCES and e.where == HOME
                and not e.support and not e.near_enemy), Fraction(0))
    modified = min(Fraction(abs(fx.amount)), held)
    if fx.amount > 0:
        text = f"{format_res(modified)} of {format_res(held)} German REs in the country counted again"
        change = modified
    else:
        change = -min(modified, counted)
        text = f"{format_res(modified)} of {format_res(held)} German REs in the country taken off"
        if -change < modified:
            text += f" (no more than the {format_res(counted)} they counted)"
    return [_card_line(card, fx, f"{text} (at most those there, {GERMAN_LIMIT_RULE})", change, FORCES)]


def count_res(roster: Sequence[RosterEntry], losses: Losses, card: str = "") -> RECount:
    """The RE count of a nation.  ``card`` is the card in effect ("" for none)."""
    card = cards.parse_card(card) if card else ""
    fx = cards.effect(card) if card else CardEffect(cards.NOTHING, "no card in effect")
    lines: list[CountLine] = []
    forces = Fraction(0)
    german_counted = Fraction(0)
    for entry in roster:
        entry_lines = _count_entry(entry, card, fx)
        forces += entry_lines[-1].value
        if entry.force in GERMAN_FORCES and entry.where == HOME:
            german_counted += entry_lines[-1].value
        lines += entry_lines
    if fx.target == cards.GERMAN_RES:
        adjustment = _german_limit(roster, german_counted, card, fx)
        forces += adjustment[0].value
        lines += adjustment
    lines.append(CountLine(MODIFIERS_RULE, "REs of forces counted", forces, FORCES))

    forts = losses.forts_inland + Fraction(losses.forts_coastal, 2)
    lines.append(CountLine(COUNTS_RULE, f"forts: {losses.forts_inland} non-coastal x1 + {losses.forts_coastal} "
                                        "non-port coastal x1/2", forts, FORTS))

    ground = _scaled(lines, GROUND, f"ground losses {format_res(losses.ground_res)} REs", losses.ground_res,
                     card, fx, cards.GROUND_LOSSES)
    if fx.target == cards.CM_LOSSES and losses.cm_armour_res:
        extra = losses.cm_armour_res * (fx.factor - 1)
        ground += extra
        lines.append(_card_line(card, fx, f"the c/m and armour part ({format_res(losses.cm_armour_res)} REs) "
                                          f"x{format_res(fx.factor)}", ground, GROUND))
    air_raw = losses.air_eliminated + Fraction(losses.air_aborted, 2)
    air = _scaled(lines, AIR, f"air losses: {losses.air_eliminated} eliminated x1 + {losses.air_aborted} "
                              "aborted x1/2", air_raw, card, fx, cards.AIR_LOSSES)
    naval_raw = Fraction(losses.tf_hits + losses.nts_eliminated // NTS_PER_RE)
    naval = _scaled(lines, NAVAL, f"naval losses: {losses.tf_hits} TF hits + {losses.nts_eliminated} NTs "
                                  f"per {NTS_PER_RE} rounded down", naval_raw, card, fx, cards.NAVAL_LOSSES)
    rp = losses.rp_pool
    lines.append(CountLine(COUNTS_RULE, f"RP pool losses {rp} RPs", Fraction(rp), RP))
    if fx.target == cards.RP_POOL_LOSSES:
        rp = max(0, rp + fx.amount)
        lines.append(_card_line(card, fx, f"{rp} RPs (never below 0)", Fraction(rp), RP))
    if fx.target == cards.NOTHING and card:
        lines.append(_card_line(card, fx, "nothing changes", forces, FORCES))
    return RECount(forces, forts, ground, air, naval, rp, card, tuple(lines))


def _scaled(lines: list[CountLine], category: str, text: str, raw: Fraction, card: str, fx: CardEffect,
            target: str) -> Fraction:
    lines.append(CountLine(COUNTS_RULE, text, raw, category))
    if fx.target != target:
        return raw
    value = raw * fx.factor
    lines.append(_card_line(card, fx, f"x{format_res(fx.factor)}", value, category))
    return value

