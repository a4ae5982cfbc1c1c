"""The British Resistance Table (59.21, 59.22): its lines as data, with the naval ratio (59.22F) they count.

The table is the same in the Original and Updated texts (the classic sidebars change nothing in rule 59); a
European scenario counts Singapore by the turn (59.22B).  What the table's level means, the offer and the end of
turn are in :mod:`.britain`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..lines import (
    Choice,
    Context,
    Count,
    Derived,
    Escalating,
    FieldSpec,
    Flag,
    Group,
    Level,
    Line,
    Offset,
    Option,
    PerN,
    RulesInputError,
)
from . import britain_surrender as procedure
from .common import Edition, Scenario, Season, Turn

#: 59.22B: in a European scenario Singapore counts as taken by Japan from this turn on.
SINGAPORE_FALLS = Turn(1941, Season.WINTER)

# ---------------------------------------------------------------------------------------------
# Naval ratio (59.22F)
# ---------------------------------------------------------------------------------------------

#: (numerator, denominator, modifier), highest first: 4:1 +5, 3:1 +4, 2:1 +3, 5:3 +2, 4:3 +1.
NAVAL_THRESHOLDS: tuple[tuple[int, int, int], ...] = ((4, 1, 5), (3, 1, 4), (2, 1, 3), (5, 3, 2), (4, 3, 1))


def counted_naval_factors(full: int, half: int) -> int:
    """Factors one side counts: full-strength factors plus half the damaged / "2"- or Launch-row
    factors, a remnant dropped (59.22F: two such factors count as one)."""
    for name, value in (("full", full), ("half", half)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesInputError(f"{name}: expected a whole number of naval factors, got {value!r}")
        if value < 0:
            raise RulesInputError(f"{name}: naval factors cannot be negative (got {value})")
    return full + half // 2


def naval_ratio_modifier(allied: int, axis: int) -> int:
    """The naval ratio modifier (59.22F): a threshold counts only when the ratio reaches it
    exactly or more ("round toward 1:1"), compared in whole numbers.  No Axis factors and some
    Allied factors is 4:1 or better (+5); none on either side is 0."""
    for name, value in (("allied", allied), ("axis", axis)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesInputError(f"{name}: expected a whole number of naval factors, got {value!r}")
        if value < 0:
            raise RulesInputError(f"{name}: naval factors cannot be negative (got {value})")
    if allied == axis:
        return 0
    sign, high, low = (1, allied, axis) if allied > axis else (-1, axis, allied)
    for numerator, denominator, modifier in NAVAL_THRESHOLDS:
        if high * denominator >= low * numerator:
            return sign * modifier
    return 0


def _naval_score(values: Mapping[str, int]) -> int:
    return naval_ratio_modifier(counted_naval_factors(values["allied_full"], values["allied_half"]),
                                counted_naval_factors(values["axis_full"], values["axis_half"]))


def _naval_explain(values: Mapping[str, int]) -> str:
    allied = counted_naval_factors(values["allied_full"], values["allied_half"])
    axis = counted_naval_factors(values["axis_full"], values["axis_half"])
    return f"Allied {allied} : Axis {axis} counted factors"


# ---------------------------------------------------------------------------------------------
# The lines
# ---------------------------------------------------------------------------------------------

DP_LEVEL = Level(
    id="dp_level", rule="59.22A", label="British DP level",
    help="Britain's DP level worked out as in a Year Start Sequence at the end of this Allied player turn; "
         "it may be negative.",
    minimum=-60, maximum=60,
)
_MALTA = Option("malta", "Malta")
AXIS_HOLDS = Choice(
    id="axis_holds", rule="59.21", label="Axis-controlled Malta / Singapore", each=-1,
    help="-1 for each of Malta and Singapore under Axis control (a hex with an Axis atomic attack marker "
         "counts as Axis-controlled, 59.22B).",
    options=(_MALTA, Option("singapore", "Singapore")),
)
AXIS_HOLDS_EUROPEAN = Choice(
    id="axis_holds", rule="59.21", label="Axis-controlled Malta / Singapore", each=-1,
    help="-1 if Malta is under Axis control. In a European scenario Singapore is counted on its own line "
         "below, so ticking it here adds nothing.",
    options=(_MALTA, Option("singapore", "Singapore (counted automatically in this scenario)", 0)),
)


def _singapore_european(context: Context) -> tuple[int, str]:
    turn = context.get("turn")
    if isinstance(turn, Turn) and turn >= SINGAPORE_FALLS:
        return -1, "Singapore counts as taken by Japan from Winter 1941"
    return 0, "Singapore still British before Winter 1941"


SINGAPORE_EUROPEAN = Derived(
    id="singapore_european", rule="59.22B", label="Singapore (European scenario)",
    help="In a European scenario Singapore counts as captured by Japan from Winter 1941 on: -1.",
    reading="Counted here by the turn; a Singapore tick on the Malta/Singapore line adds nothing in this scenario.",
    compute=_singapore_european,
)
DOMINIONS_SURRENDERED = Choice(
    id="dominions_surrendered", rule="59.21", label="Australia / India surrendered", each=-2,
    help="-2 for each of Australia and India that has surrendered.",
    options=(Option("australia", "Australia"), Option("india", "India")),
)
ATOMIC_AGAINST_BRITAIN = Escalating(
    id="atomic_against_britain", moves="up", rule="59.21", label="Atomic attacks against Britain",
    help="-3 for the first atomic attack on Britain, -2 more for the second, -1 more for each one after.",
    sign=-1, maximum=30, unit="attacks",
)
FIRESTORMS = Count(
    id="firestorms", moves="up", rule="59.21", label="British cities firestormed", each=-1, maximum=40, unit="cities",
    help="-1 for every British city firestormed so far in the game (cumulative).",
)
OIL_EFFECTS = Count(
    id="oil_effects", rule="59.22C", label="Oil effects on Britain", each=-1, maximum=4, unit="effects",
    help="-1 for each oil effect Britain (not Ulster) suffers now and the Western Allies have not offset.",
)
ATLANTIC_TRANSPORTS = Offset(
    id="atlantic_transports", rule="59.22D", label="Western Allied transports in the Atlantic SW box",
    help="Transports there at the end of the turn, repaired and new ones included: -1 for each one short of "
         "ten (at most -10).",
    reading="More than ten transports gives nothing extra.",
    pivot=10, below_each=-1, above_each=0, maximum=99, unit="transports", start=10,
)
NO_RUSSIAN_EAST = Flag(
    id="no_russian_east", rule="59.21", label="No Russian armor or infantry in eastern Europe", value=-1,
    help="-1 when no Russian armor or infantry unit is in eastern Europe.",
)
UNBUILT_FACTORS = PerN(
    id="unbuilt_factors", rule="59.22E", label="Unbuilt British and Commonwealth ground/army air factors",
    help="-1 per whole ten unbuilt factors; Commonwealth, Free French and production-added units count, minor "
         "allies' do not. Units removed by an earlier surrender count as unbuilt (59.871).",
    each=-1, n=10, maximum=999, unit="factors",
)
NAVAL_RATIO = Group(
    id="naval_ratio", rule="59.22F", label="Allied / Axis naval ratio",
    help="Naval factors outside the Pacific (no submarines, ASW or transports). Half-strength means damaged or "
         "on a shipyard's 2 or Launch row; rows 3 and up are not counted.",
    reading="Half-strength factors are halved per side, remnant dropped; a threshold counts only when reached "
            "exactly or more, compared in whole numbers; no Axis factors is 4:1 or better (the general readings).",
    fields=(
        FieldSpec("allied_full", "Allied full-strength factors", 0, 999,
                  "British and Commonwealth, plus U.S./Russian ones only if at war with Germany."),
        FieldSpec("allied_half", "Allied half-strength factors", 0, 999, "Damaged or on the 2 or Launch row."),
        FieldSpec("axis_full", "Axis full-strength factors", 0, 999,
                  "German, plus Italian ones only if Italy is at war with Britain."),
        FieldSpec("axis_half", "Axis half-strength factors", 0, 999, "Damaged or on the 2 or Launch row."),
    ),
    score=_naval_score, explain=_naval_explain,
)
POWERS_AT_WAR = Choice(
    id="powers_at_war", rule="59.21", label="Other major powers at war with the European Axis", each=1,
    help="+1 for each major power other than Britain at war with the European Axis.",
    reading="The major powers that can be at war with the European Axis besides Britain are France, Russia "
            "and the U.S.",
    options=(Option("france", "France"), Option("russia", "Russia"), Option("united_states", "United States")),
    start=("france",),
)


class UsatLevel(Count):
    """The USAT line: +1 at 30-39, +2 at 40 or more while the U.S. is not at war with Germany.
    Whether the U.S. is at war comes from the "powers at war" line, through the context."""

    def points(self, value: Any, context: Context) -> int:
        usat = self.validate(value)
        if 30 <= usat <= 39:
            return 1
        if usat >= 40 and not context.get("us_at_war_with_germany", False):
            return 2
        return 0


USAT = UsatLevel(
    id="usat_level", rule="59.21", label="USAT level",
    help="+1 while the USAT level is 30-39; +2 while it is 40 or more and the U.S. is not at war with Germany "
         "(tick the U.S. under the powers at war).",
    reading="+1 at 30-39 whether or not the U.S. is at war; +2 at 40 or more only while the U.S. is not at war "
            "with Germany, read from the U.S. tick on the powers-at-war line.",
    maximum=99, unit="USAT",
)
WESTERN_FRONT = PerN(
    id="western_front_factors", rule="59.21", label="Western Allied ground/army air factors on the western front",
    help="+1 per whole five factors on the western front; units in the U.S. box do not count.",
    each=1, n=5, maximum=999, unit="factors",
)
WA_IN_GERMANY = Flag(
    id="wa_in_germany", rule="59.21", label="Western Allied armor or infantry in Germany", value=1,
    help="+1 when a Western Allied armor or infantry unit is in Germany.",
)
RUSSIAN_WEST = Flag(
    id="russian_west", rule="59.21", label="Russian armor or infantry in western Poland or Rumania", value=1,
    help="+1 when a Russian armor or infantry unit is in western Poland or Rumania.",
)


def _conciliation(context: Context) -> tuple[int, str]:
    points = int(context.get("conciliation_points", 0) or 0)
    if points <= 0:
        return 0, ""
    modifier = procedure.conciliation_effects(points).resistance_modifier
    return modifier, f"{points} concession points returned or not taken at the last surrender"


CONCILIATION = Derived(
    id="conciliation", rule="59.75A", label="German conciliation at the last surrender",
    help="-1 per two full concession points Germany returned or did not take at Britain's most recent "
         "surrender (earlier surrenders are ignored).",
    compute=_conciliation,
)

_BEFORE = (DP_LEVEL,)
_AFTER = (DOMINIONS_SURRENDERED, ATOMIC_AGAINST_BRITAIN, FIRESTORMS, OIL_EFFECTS, ATLANTIC_TRANSPORTS,
          NO_RUSSIAN_EAST, UNBUILT_FACTORS, NAVAL_RATIO, POWERS_AT_WAR, USAT, WESTERN_FRONT, WA_IN_GERMANY,
          RUSSIAN_WEST, CONCILIATION)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The British Resistance Table (59.21).  The same in every edition; a European scenario
    counts Singapore by the turn (59.22B).  (In a Pacific scenario Britain never surrenders, 54.11:
    the table is still shown.)"""
    if scenario is Scenario.EUROPEAN:
        return (*_BEFORE, AXIS_HOLDS_EUROPEAN, SINGAPORE_EUROPEAN, *_AFTER)
    return (*_BEFORE, AXIS_HOLDS, *_AFTER)
