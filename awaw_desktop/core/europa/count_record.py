"""The RE counts made in a nation, as recorded (56.E.2): their figures are known to both sides, so the overview
and the report show the last one.  A card seen by one side only is never applied in a count the owner makes
(56.E.2: only the enemy's request exposes it), and the record says so."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..frozen import Frozen
from .calendar import EuropaTurn
from .cards import card_short, parse_card
from .draw import SIDE_TITLES, SIDES
from .jsonread import Fields
from .recount import RECount
from .res import format_res, res_to_json
from .words import rps_words

OWNER_COUNT_READING = ("An RE count the owning side makes never shows the card (56.E.2: only the enemy's request "
                       "exposes it): while the card is in effect but seen by the opener only, the owner's count "
                       "leaves the card out and says so; the opener's request applies it and shows it to both.")
#: The breakdown line of an owner's count that leaves a private card out.
WITHHELD_LINE = ("A card is in effect, seen by the Allied side only: this count by the owning side leaves it out "
                 "(56.E.2: only an Allied request shows it)")


class CountRecord(Frozen):
    """One RE count: when, who asked, and its figures (what both sides were told)."""

    turn: EuropaTurn
    by_side: str
    forces: Fraction
    forts: Fraction
    ground: Fraction
    air: Fraction
    naval: Fraction
    rp_pool: int
    card: str = ""               # the card applied (public by then), "" for none
    card_left_out: bool = False  # a card seen by the opener only was in effect and not applied

    @classmethod
    def of(cls, turn: EuropaTurn, by_side: str, result: RECount, left_out: bool) -> CountRecord:
        return cls(turn, by_side, result.forces, result.forts, result.ground_losses, result.air_losses,
                   result.naval_losses, result.rp_pool_losses, result.card, left_out)

    def summary(self) -> str:
        card = (f", card {card_short(self.card)} applied" if self.card else
                ", a private card left out" if self.card_left_out else "")
        return (f"{self.turn}, asked by the {SIDE_TITLES[self.by_side]} side: forces {format_res(self.forces)}, "
                f"forts {format_res(self.forts)}, losses ground {format_res(self.ground)} / air {format_res(self.air)}"
                f" / naval {format_res(self.naval)}, RP pool losses {rps_words(self.rp_pool)}{card}")

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "by_side": self.by_side, "forces": res_to_json(self.forces),
                "forts": res_to_json(self.forts), "ground": res_to_json(self.ground), "air": res_to_json(self.air),
                "naval": res_to_json(self.naval), "rp_pool": self.rp_pool, "card": self.card,
                "card_left_out": self.card_left_out}

    @classmethod
    def from_json(cls, data: Any, where: str) -> CountRecord:
        f = Fields(data, where, ("turn", "by_side", "forces", "forts", "ground", "air", "naval", "rp_pool", "card",
                                 "card_left_out"))
        card = f.text("card", 10)
        return cls(f.turn("turn"), f.choice("by_side", SIDES), _figure(f, "forces"), _figure(f, "forts"),
                   _figure(f, "ground"), _figure(f, "air"), _figure(f, "naval"), f.integer("rp_pool", 0, 100_000),
                   parse_card(card) if card else "", f.flag("card_left_out"))


#: The finest part of an RE a count can give, kept exact as 56.E computes it (no rounding but the NTs'): a unit's
#: half RE, x1/2 in a possession or on an island, x3/2 motorized, and the J♥'s half of the distance multiplier
#: (1/2 x 1/2 x 3/2 x 1/2 = 3/16); losses go to quarters (a half RE, or an aborted air unit, halved by a spade).
FINEST_PART = 16


def _figure(f: Fields, key: str) -> Fraction:
    """A count's figure: REs in sixteenths at most (:data:`FINEST_PART`; a file of an earlier version holds
    quarters at most)."""
    from ..lines import RulesInputError

    value = f.get(key)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**7:
        return Fraction(value)
    if isinstance(value, str) and len(value) <= 20:
        parts = value.split()
        try:
            figure = (Fraction(int(parts[0])) + Fraction(parts[1]) if len(parts) == 2 else Fraction(parts[0]))
        except (ValueError, ZeroDivisionError, IndexError):
            figure = Fraction(-1)
        if 0 <= figure <= 10**7 and FINEST_PART % figure.denominator == 0 and format_res(figure) == value:
            return figure
    raise RulesInputError(f"{f.at(key)}: expected REs like 2, 1/2, 3 1/4 or 1 1/8, got {value!r}")
