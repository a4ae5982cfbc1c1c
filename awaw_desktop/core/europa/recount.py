"""RE counts (56.E, 56.E.2): every modifier of the list applied cumulatively, then the card.

The count is a pure function of a roster, the losses and the card in effect (or none).  Each
step is a :class:`CountLine` with its rule number, so a player can check it by hand.  Halves are
exact (``Fraction``); only the NTs are rounded (down, per 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..frozen import Frozen
from . import cards
from .cards import CardEffect
from .res import format_res
from .roster import Losses, RosterEntry
from .unit_count import (
    AIR,
    COUNTS_RULE,
    DISTANCE_READING,
    FORCES,
    FORTS,
    GROUND,
    MODIFIERS,
    MODIFIERS_RULE,
    NAVAL,
    RP,
    CountLine,
    UnitCount,
    card_line,
    distance_mds,
    german_at_home,
    unit_count,
)
from .words import res_words, rps_words

__all__ = ["COUNTS_RULE", "DISTANCE_READING", "MODIFIERS", "MODIFIERS_RULE", "CountLine", "RECount", "UnitCount",
           "count_res", "distance_mds", "unit_count", "unit_counts"]

GERMAN_LIMIT_RULE = "56.E Table 1 note 3"
NTS_PER_RE = 5


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
                ("Naval losses", format_res(self.naval_losses)), ("RP pool losses", rps_words(self.rp_pool_losses)))


def _german_limit(roster: Sequence[RosterEntry], counted: Fraction, card: str, fx: CardEffect) -> list[CountLine]:
    """Table 1, 10..2 of hearts and diamonds: at most as many German REs as the country holds (note 3).

    ``counted`` is what the German units in the country added to the count: taking REs off never
    goes below it (German units on an island count half, so their printed REs can exceed it)."""
    held = sum((e.res for e in roster if german_at_home(e) and not e.support and not e.near_enemy), Fraction(0))
    modified = min(Fraction(abs(fx.amount)), held)
    printed = (f"{format_res(modified)} of {format_res(held)} German REs in the country (at their printed size, not "
               "as the modifiers count them)")
    if fx.amount > 0:
        text = f"{printed} counted again"
        change = modified
    else:
        change = -min(modified, counted)
        text = f"{printed} taken off"
        if -change < modified:
            text += f" (no more than the {format_res(counted)} they counted)"
    return [card_line(card, fx, f"{text} (at most those there, {GERMAN_LIMIT_RULE})", change, FORCES)]


def unit_counts(roster: Sequence[RosterEntry], card: str = "") -> tuple[UnitCount, ...]:
    """Each unit's part of the count, in roster order (the roster table's "counted" and "why" columns)."""
    card = cards.parse_card(card) if card else ""
    fx = cards.effect(card) if card else CardEffect(cards.NOTHING, "no card in effect")
    return tuple(unit_count(entry, card, fx) for entry in roster)


def count_res(roster: Sequence[RosterEntry], losses: Losses, card: str = "") -> RECount:
    """The RE count of a nation.  ``card`` is the card in effect ("" for none)."""
    card = cards.parse_card(card) if card else ""
    fx = cards.effect(card) if card else CardEffect(cards.NOTHING, "no card in effect")
    lines: list[CountLine] = []
    forces = Fraction(0)
    german_counted = Fraction(0)
    for entry, unit in zip(roster, unit_counts(roster, card), strict=True):
        forces += unit.value
        if german_at_home(entry):
            german_counted += unit.value
        lines += unit.lines
    if fx.target == cards.GERMAN_RES:
        adjustment = _german_limit(roster, german_counted, card, fx)
        forces += adjustment[0].value
        lines += adjustment
    lines.append(CountLine(MODIFIERS_RULE, "REs of forces counted", forces, FORCES))

    forts = losses.forts_inland + Fraction(losses.forts_coastal, 2)
    lines.append(CountLine(COUNTS_RULE, f"forts: {losses.forts_inland} non-coastal x1 + {losses.forts_coastal} "
                                        "non-port coastal x1/2", forts, FORTS))

    ground = _scaled(lines, GROUND, f"ground losses {res_words(losses.ground_res)}", losses.ground_res,
                     card, fx, cards.GROUND_LOSSES)
    if fx.target == cards.CM_LOSSES and losses.cm_armour_res:
        extra = losses.cm_armour_res * (fx.factor - 1)
        ground += extra
        lines.append(card_line(card, fx, f"the c/m and armour part ({res_words(losses.cm_armour_res)}) "
                                          f"x{format_res(fx.factor)}", ground, GROUND))
    air_raw = losses.air_eliminated + Fraction(losses.air_aborted, 2)
    air = _scaled(lines, AIR, f"air losses: {losses.air_eliminated} eliminated x1 + {losses.air_aborted} "
                              "aborted x1/2", air_raw, card, fx, cards.AIR_LOSSES)
    naval_raw = Fraction(losses.tf_hits + losses.nts_eliminated // NTS_PER_RE)
    naval = _scaled(lines, NAVAL, f"naval losses: {losses.tf_hits} TF hits + {losses.nts_eliminated} NTs "
                                  f"per {NTS_PER_RE} rounded down", naval_raw, card, fx, cards.NAVAL_LOSSES)
    rp = losses.rp_pool
    lines.append(CountLine(COUNTS_RULE, f"RP pool losses {rps_words(rp)}", Fraction(rp), RP))
    if fx.target == cards.RP_POOL_LOSSES:
        rp = max(0, rp + fx.amount)
        lines.append(card_line(card, fx, f"{rps_words(rp)} (never below 0)", Fraction(rp), RP))
    if fx.target == cards.NOTHING and card:
        lines.append(card_line(card, fx, "nothing changes", forces, FORCES))
    return RECount(forces, forts, ground, air, naval, rp, card, tuple(lines))


def _scaled(lines: list[CountLine], category: str, text: str, raw: Fraction, card: str, fx: CardEffect,
            target: str) -> Fraction:
    lines.append(CountLine(COUNTS_RULE, text, raw, category))
    if fx.target != target:
        return raw
    value = raw * fx.factor
    lines.append(card_line(card, fx, f"x{format_res(fx.factor)}", value, category))
    return value

