"""Italian surrender (rule 56): Italy's DP total (56.12), the surrender check (56.11),
the Italian surrender level (56.31), the Post-Surrender Italian Forces Table (56.32) and
the impairments before a surrender (56.7).

Edition differences handled here:

* 56.12A: the +2 for a Western Allied declaration of war reads differently per edition
  (Original: any; Updated: in the last turn of *Gathering Storm* or in AWAW; classic: in AWAW only).
* 56.13: Original -- a German surrender does not make Italy surrender; Updated -- it does,
  and the war in Europe ends.
* 56.21: Original -- an Italian surrender ends the European war if Germany is already out.
* 56.53: Updated (not classic) -- Italian economic interests become German.

The result's ``level`` is Italy's DP total (the figure the surrender check and the
updated German table read); the clamped surrender level is in ``figures``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..frozen import Frozen
from ..lines import (
    Context,
    Count,
    FieldSpec,
    Flag,
    Group,
    Level,
    Line,
    RulesInputError,
    Value,
    evaluate,
)
from .common import (
    LAST_YEAR,
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Question,
    Scenario,
    Status,
    TurnOutcome,
    require_range,
)
from .levels import signed

KEY = "italy"
TITLE = "Italy"

#: 56.31B: the Italian surrender level never goes beyond +/-2.
SURRENDER_LEVEL_LIMIT = 2
#: 56.12B counts years of late entry from 1940 (1941: -1, 1942: -2 ...).
ENTRY_BASE_YEAR = 1940


# --------------------------------------------------------------------------- line kinds

class TickedFlag(Flag):
    """A flag that is ticked until the players untick it."""

    def default(self) -> bool:
        return True


class EntryYears(Count):
    """56.12B: how many years after 1940 Italy declared war on the Western Allies."""

    def describe(self, value: Value, context: Context) -> str:
        years = self.validate(value)
        return f"declared war in {ENTRY_BASE_YEAR + years}" if years else ""


# --------------------------------------------------------------------------- the lines

DP_LEVEL = Level(
    id="dp_level", rule="56.12", label="Italian DP level",
    help="Italy's DP level worked out as in a Year Start Sequence at the end of this Allied player turn "
         "(54.23); it may be negative.",
    minimum=-60, maximum=60,
)

_WA_DECLARED_HELP = "+2 when the war between Italy and the Western Allies began with their declaration"
WA_DECLARED_ORIGINAL = Flag(
    id="wa_declared_war", moves="never", rule="56.12A", label="Western Allies declared war on Italy", value=2,
    help=_WA_DECLARED_HELP + ".",
)
WA_DECLARED_UPDATED = Flag(
    id="wa_declared_war", moves="never", rule="56.12A",
    label="Western Allies declared war on Italy (late Gathering Storm or AWAW)", value=2,
    help=_WA_DECLARED_HELP + ", made in the last turn of Gathering Storm or during A World at War.",
)
WA_DECLARED_CLASSIC = Flag(
    id="wa_declared_war", moves="never", rule="56.12A",
    label="Western Allies declared war on Italy during AWAW", value=2,
    help=_WA_DECLARED_HELP + ", made during A World at War (classic games have no Gathering Storm).",
)

LATE_ENTRY = EntryYears(
    id="late_entry_years", moves="never", rule="56.12B",
    label="Years after 1940 Italy declared war on the Western Allies",
    help="-1 per year after 1940 in which Italy declared war on the Western Allies: 1 for 1941, "
         "2 for 1942, and so on. Leave at 0 for a declaration in 1940 or earlier, or if Italy did not declare.",
    each=-1, maximum=LAST_YEAR - ENTRY_BASE_YEAR, unit="years",
    reading="A Western Allied declaration (56.12A) and a late Italian declaration (56.12B) are independent "
            "ticks; if both are entered both modifiers apply.",
)

AT_WAR = TickedFlag(
    id="at_war", rule="56.11", label="Italy is at war with the Western Allies",
    help="Untick while Italy has never gone to war with the Allies: a neutral Italy cannot surrender, and "
         "in the original rules a German surrender then ends the European war (55.21).",
    reading="A neutral Italy is not checked for surrender (56.11 presumes a war), and does not surrender "
            "with Germany under the updated 56.13.",
)
ROME_ALLIED = Flag(
    id="rome_allied", rule="56.11A", label="Rome is under Allied control",
    help="One of the two conditions that let a low Italian DP total force a surrender.",
)
AFRICA_CLEAR = Flag(
    id="no_axis_in_africa", rule="56.11B", label="No Axis units left in Africa",
    help="No Axis unit anywhere in Africa, Ethiopia and Egypt east of the Suez canal included. "
         "Wafdist partisans do not count as Axis units here.",
)


def _surrender_modifier_note(values: Mapping[str, int]) -> str:
    net = surrender_modifier(values["axis_dps"], values["allied_dps"], values["covert"])
    return f"surrender level only: {signed(net)}" if net else ""


SURRENDER_MODIFIERS = Group(
    id="surrender_modifiers", rule="56.31A", label="DPs in Italy and covert operations",
    help="Only used for the surrender level, not for the DP total: Axis DPs in Italy add, Allied DPs in "
         "Italy subtract, covert operations add or subtract.",
    fields=(
        FieldSpec("axis_dps", "Axis DPs in Italy", 0, 99, help="Diplomatic points the Axis have in Italy."),
        FieldSpec("allied_dps", "Allied DPs in Italy", 0, 99, help="Diplomatic points the Allies have in Italy."),
        FieldSpec("covert", "Covert operations", -10, 10,
                  help="Net covert-operations modifier on Italy: plus when it favours the Axis, minus when it "
                       "favours the Allies."),
    ),
    score=lambda values: 0,
    explain=_surrender_modifier_note,
    reading="56.31A: Axis DPs in Italy count +1 each, Allied DPs -1 each, covert operations by their signed "
            "net modifier (+ for the Axis). The 56.12 modifiers are already part of the DP total and are "
            "counted once.",
)

_ORIGINAL_LINES: tuple[Line, ...] = (DP_LEVEL, WA_DECLARED_ORIGINAL, LATE_ENTRY, AT_WAR, ROME_ALLIED,
                                     AFRICA_CLEAR, SURRENDER_MODIFIERS)
_UPDATED_LINES: tuple[Line, ...] = (DP_LEVEL, WA_DECLARED_UPDATED, LATE_ENTRY, AT_WAR, ROME_ALLIED,
                                    AFRICA_CLEAR, SURRENDER_MODIFIERS)
_CLASSIC_LINES: tuple[Line, ...] = (DP_LEVEL, WA_DECLARED_CLASSIC, LATE_ENTRY, AT_WAR, ROME_ALLIED,
                                    AFRICA_CLEAR, SURRENDER_MODIFIERS)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """Italy's DP total lines (56.12), the 56.11 conditions and the 56.31A modifiers.

    Only the 56.12 lines give points: the table's total is Italy's DP total.  The
    editions differ in the wording (and meaning) of the 56.12A line only."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    return {Edition.ORIGINAL: _ORIGINAL_LINES, Edition.UPDATED: _UPDATED_LINES,
            Edition.CLASSIC: _CLASSIC_LINES}[edition]


def initial_carry() -> dict[str, Any]:
    """``selection_order``: the sides that selected post-surrender forces, in order (56.321);
    ``named_ships``: each named-ship choice made at the surrender (56.32)."""
    return {"surrendered": False, "surrender_turn": None, "surrender_level": None,
            "selection_order": [], "named_ships": []}


# --------------------------------------------------------------------------- pure procedures

def surrender_modifier(axis_dps: int, allied_dps: int, covert: int) -> int:
    """56.31A: the net change from DPs in Italy and covert operations."""
    require_range("axis_dps", axis_dps, 0, 99)
    require_range("allied_dps", allied_dps, 0, 99)
    require_range("covert", covert, -10, 10)
    return axis_dps - allied_dps + covert


def surrender_level(dp_total: int, axis_dps: int = 0, allied_dps: int = 0, covert: int = 0) -> int:
    """56.31: Italy's DP total (56.12 modifiers included) changed by DPs in Italy and covert
    operations, then held within +/-2 (56.31B)."""
    require_range("dp_total", dp_total, -200, 200)
    raw = dp_total + surrender_modifier(axis_dps, allied_dps, covert)
    return max(-SURRENDER_LEVEL_LIMIT, min(SURRENDER_LEVEL_LIMIT, raw))


class ForceShare(Frozen):
    """One side's post-surrender Italian forces (56.322: infantry and destroyers in factors,
    named ships and cruisers in units)."""

    infantry_factors: int = 0
    named_ships: int = 0
    cruisers: int = 0
    destroyer_factors: int = 0

    @property
    def empty(self) -> bool:
        return not (self.infantry_factors or self.named_ships or self.cruisers or self.destroyer_factors)

    def describe(self) -> str:
        if self.empty:
            return "nothing"
        parts = [f"{self.infantry_factors} infantry factors"]
        if self.named_ships:
            parts.append(f"{self.named_ships} named ship of its choice")
        parts.append(f"{self.cruisers} cruiser{'s' if self.cruisers != 1 else ''}")
        parts.append(f"{self.destroyer_factors} destroyer factor{'s' if self.destroyer_factors != 1 else ''}")
        return ", ".join(parts)


class PostSurrenderForces(Frozen):
    """A row of the Post-Surrender Italian Forces Table (56.32) and who picks first (56.321)."""

    level: int
    germany: ForceShare
    united_states: ForceShare
    #: The sides that select Italian forces, in selection order ("axis", "allied").
    selection_order: tuple[str, ...]


_FORCES_TABLE: dict[int, tuple[ForceShare, ForceShare]] = {
    2: (ForceShare(9, 1, 2, 2), ForceShare()),
    1: (ForceShare(6, 1, 1, 1), ForceShare()),
    0: (ForceShare(3, 0, 1, 1), ForceShare(3, 0, 1, 1)),
    -1: (ForceShare(), ForceShare(6, 1, 1, 1)),
    -2: (ForceShare(), ForceShare(9, 1, 2, 2)),
}


def post_surrender_forces(level: int) -> PostSurrenderForces:
    """The 56.32 table row for an Italian surrender level of -2..+2.

    56.321 reading: the Axis always select before the Allies; the order only matters at
    level 0, the one row where both sides receive Italian forces ("this may only occur if the
    level is zero").  At +1/+2 only the Axis select, at -1/-2 only the Allies."""
    require_range("level", level, -SURRENDER_LEVEL_LIMIT, SURRENDER_LEVEL_LIMIT)
    germany, united_states = _FORCES_TABLE[level]
    order = tuple(side for side, share in (("axis", germany), ("allied", united_states)) if not share.empty)
    return PostSurrenderForces(level, germany, united_states, order)


def surrender_effects(level: int, edition: Edition, germany_out: bool = False) -> tuple[Consequence, ...]:
    """What an Italian surrender at ``level`` brings (56.2-56.6), per edition.

    ``germany_out``: Germany has surrendered already (or in the same check)."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    forces = post_surrender_forces(level)
    effects: list[Consequence] = []
    if edition is Edition.ORIGINAL and germany_out:
        effects.append(Consequence("56.21", "Germany is already out: Italy's surrender ends the war in Europe."))
    effects.append(Consequence("56.32A", "Every Italian air unit is removed from play for good."))
    effects.append(Consequence("56.32B", "The 1-3 Folgore airborne unit joins the German force pool, unbuilt "
                                         "(it may overstack and go anywhere, but may not airdrop)."))
    effects.append(Consequence("56.32C", "All Italian ground units leave the board; Italian infantry joins the "
                                         "German and U.S. force pools, unbuilt, as the table row says."))
    effects.append(Consequence("56.32", f"Surrender level {signed(level)}: Germany takes "
                                        f"{forces.germany.describe()}; the U.S. takes "
                                        f"{forces.united_states.describe()}."))
    effects.append(Consequence("56.32D", "Italian ships beyond those shares are removed from play; a missing "
                                         "cruiser or destroyer is simply lost. Ships joining the Allies move to "
                                         "the nearest Allied port and may be intercepted."))
    if forces.selection_order == ("axis", "allied"):
        effects.append(Consequence("56.321", "Both sides receive Italian forces: the Axis player picks first."))
    elif forces.selection_order:
        side = "Axis" if forces.selection_order[0] == "axis" else "Allied"
        effects.append(Consequence("56.321", f"Only the {side} player receives Italian forces."))
    effects.append(Consequence("56.41", "Italian-controlled hexes in Italy, Sicily and Sardinia (with their "
                                        "railheads) pass to German control."))
    effects.append(Consequence("56.51", "Italy's associated minor countries surrender; their units are removed."))
    effects.append(Consequence("56.52", "Italian colonies and conquests belong to no one until a major power "
                                        "occupies them."))
    if edition is Edition.UPDATED:
        effects.append(Consequence("56.53", "Italian economic interests in minor countries become German."))
    effects.append(Consequence("56.61", "Rome (20 BRPs), Genoa (10) and Milan (10) stay key economic areas; "
                                        "Italy is otherwise worth no BRPs as a conquest."))
    return tuple(effects)


#: 56.32 table note: "one named ship of the selecting player's choice"; unfinished or damaged ships on the
#: "2" or "Launch" row of the Italian Naval Construction Chart may be selected.
NAMED_SHIP_OPTIONS: tuple[tuple[str, str], ...] = (
    ("completed", "A completed named ship"),
    ("damaged", "A damaged named ship"),
    ("unfinished", "An unfinished ship on the '2' or 'Launch' row of the Italian Naval Construction Chart"),
    ("none", "None: no Italian named ship is left to take"),
)
_SIDES = {"axis": ("Axis", "Germany"), "allied": ("Allied", "the U.S.")}


def named_ship_question_id(side: str) -> str:
    return f"italy_named_ship_{side}"


def force_questions(level: int) -> tuple[Question, ...]:
    """The named-ship choices of an Italian surrender at ``level`` (56.32), in selection order
    (56.321: the Axis player selects before the Allied player).  Only the +/-1 and +/-2 rows give a
    named ship, each to one side."""
    forces = post_surrender_forces(level)
    asked: list[Question] = []
    for position, side in enumerate(forces.selection_order, start=1):
        share = forces.germany if side == "axis" else forces.united_states
        if not share.named_ships:
            continue
        player, power = _SIDES[side]
        order = ("selects first" if len(forces.selection_order) > 1 and position == 1 else
                 "selects second, after the Axis player" if position > 1 else "is the only one to select")
        asked.append(Question(
            named_ship_question_id(side), "56.32",
            f"Italy surrenders at {signed(level)}: the {player} player {order} (56.321) and takes one Italian named "
            f"ship of its choice for {power}. Which ship does it take?",
            NAMED_SHIP_OPTIONS, "completed"))
    return tuple(asked)


def _force_choices(level: int, choices: Mapping[str, str]) -> tuple[list[dict[str, str]], tuple[Question, ...],
                                                                     list[Consequence]]:
    asked = force_questions(level)
    forces = post_surrender_forces(level)
    records: list[dict[str, str]] = []
    events: list[Consequence] = []
    labels = dict(NAMED_SHIP_OPTIONS)
    for question in asked:
        answer = choices.get(question.id, question.default)
        if answer not in labels:
            raise RulesInputError(f"{question.id}: {answer!r} is not one of {', '.join(labels)}")
        side = question.id.removeprefix("italy_named_ship_")
        records.append({"side": side, "power": "germany" if side == "axis" else "united_states", "ship": answer})
        player, power = _SIDES[side]
        taken = labels[answer][0].lower() + labels[answer][1:]
        events.append(Consequence("56.32", f"The {player} player takes for {power}: {taken}."))
    if len(forces.selection_order) > 1:
        events.append(Consequence("56.321", "The Axis player selects Germany's Italian forces first, then the "
                                            "Allied player those of the U.S."))
    return records, asked, events


def resolve_impairments() -> tuple[Consequence, ...]:
    """56.73: what a met 56.11 condition does to Italian units before a surrender."""
    return (
        Consequence("56.73", "A surrender condition holds: if it still holds at the start of a player turn, "
                             "Italian units suffer for that whole turn."),
        Consequence("56.73A", "Axis player turn: Italian units may not undertake offensive operations."),
        Consequence("56.73B", "Allied player turn: Italian armor, infantry and replacement units defend at "
                              "-1 DM in every type of hex (Folgore defends normally)."),
    )


# --------------------------------------------------------------------------- assessment

def _germany_out(game: GameContext) -> bool:
    germany = game.results.get("germany")
    return bool(game.carried("germany", "surrendered")) or (germany is not None and germany.surrendered)


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    table = lines(game.edition, game.scenario)
    result = evaluate(table, inputs, Context())
    values = {item.id: item.value for item in result.breakdown}
    dp_total = result.total
    modifiers: Mapping[str, int] = values[SURRENDER_MODIFIERS.id]
    raw_level = dp_total + surrender_modifier(modifiers["axis_dps"], modifiers["allied_dps"], modifiers["covert"])
    level_now = max(-SURRENDER_LEVEL_LIMIT, min(SURRENDER_LEVEL_LIMIT, raw_level))
    at_war = bool(values[AT_WAR.id])
    rome, africa = bool(values[ROME_ALLIED.id]), bool(values[AFRICA_CLEAR.id])
    condition = rome or africa
    figures: dict[str, Any] = {
        "dp_total": dp_total,
        "surrender_level": level_now,
        "raw_surrender_level": raw_level,
        "at_war": at_war,
        "condition_met": condition,
        "resolve_impaired": False,
    }

    def make(status: Status, verdict: str, consequences: tuple[Consequence, ...] = ()) -> PowerResult:
        return PowerResult(KEY, TITLE, dp_total, dp_total, status, verdict, result.breakdown, consequences,
                           figures)

    if game.scenario is Scenario.PACIFIC:
        return make(Status.NOT_APPLICABLE, "Italy is not in a Pacific scenario.")
    if game.carried(KEY, "surrendered"):
        carried_level = game.carried(KEY, "surrender_level")
        if isinstance(carried_level, int):
            figures["surrender_level"] = carried_level
        shown = f" (surrender level {signed(carried_level)})" if isinstance(carried_level, int) else ""
        return make(Status.SURRENDERED, f"Italy has already surrendered{shown}.")
    if not at_war:
        return make(Status.NO_EFFECT, f"Italy is not at war with the Allies and cannot surrender "
                                      f"(DP total {signed(dp_total)}).")
    if dp_total <= 0 and condition:
        reason = "Rome is in Allied hands" if rome else "no Axis units remain in Africa"
        return make(Status.SURRENDERS,
                    f"Italy surrenders: DP total {signed(dp_total)} and {reason} "
                    f"(surrender level {signed(level_now)}).",
                    surrender_effects(level_now, game.edition, _germany_out(game)))
    if condition:
        figures["resolve_impaired"] = True
        return make(Status.NO_EFFECT,
                    f"Italy fights on: its DP total {signed(dp_total)} is above zero, but a surrender condition holds.",
                    (Consequence("56.11", "Italy surrenders once its DP total is 0 or less while Rome is "
                                          "Allied or Africa is clear of Axis units."), *resolve_impairments()))
    if dp_total <= 0:
        return make(Status.NO_EFFECT,
                    f"Italy fights on: DP total {signed(dp_total)}, but Rome is not Allied and Axis units remain "
                    f"in Africa.",
                    (Consequence("56.11", "With the DP total at 0 or less, losing Rome or the last Axis unit in "
                                          "Africa makes Italy surrender."),))
    return make(Status.NO_EFFECT, f"Italy fights on (DP total {signed(dp_total)}).",
                (Consequence("56.11", "Italy surrenders only with a DP total of 0 or less and Rome Allied or "
                                      "Africa clear of Axis units."),))


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    """Record an Italian surrender.  In the updated editions Italy also surrenders when
    Germany surrenders in this check (56.13); in the original it fights on."""
    carry: dict[str, Any] = {**initial_carry(), **game.carry.get(KEY, {})}
    germany = game.results.get("germany")
    germany_surrenders_now = germany is not None and germany.status is Status.SURRENDERS
    level_now = int(result.figures.get("surrender_level", 0))

    def record(events: list[Consequence]) -> TurnOutcome:
        named, asked, chosen = _force_choices(level_now, choices)
        carry["surrendered"] = True
        carry["surrender_turn"] = game.turn.to_json()
        carry["surrender_level"] = level_now
        carry["selection_order"] = list(post_surrender_forces(level_now).selection_order)
        carry["named_ships"] = named
        return TurnOutcome(carry, (*events, *chosen), asked)

    if result.status is Status.SURRENDERS:
        events = [Consequence("56.11", f"Italy surrenders in {game.turn.title} (surrender level {signed(level_now)}).")]
        if game.edition is Edition.ORIGINAL and germany_surrenders_now and not any(
                c.rule == "56.21" for c in result.consequences):
            events.append(Consequence("56.21", "Germany surrenders in the same check: the war in Europe ends."))
        events.extend(result.consequences)
        return record(events)
    fighting = result.status is Status.NO_EFFECT and bool(result.figures.get("at_war", True))
    if germany_surrenders_now and fighting:
        if game.edition.is_updated:
            return record([Consequence("56.13", f"Germany's surrender makes Italy surrender in {game.turn.title} "
                                                f"(surrender level {signed(level_now)}); the war in Europe ends."),
                           *surrender_effects(level_now, game.edition, germany_out=True)])
        return TurnOutcome(carry, (Consequence("56.13", "Germany's surrender does not make Italy surrender: "
                                                        "Italy fights on."),))
    return TurnOutcome(carry)
