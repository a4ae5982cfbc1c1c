"""German surrender: the German Resistance Table (55.11) and what a surrender means (55.2, 56.13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..lines import Choice, Context, Count, Derived, Escalating, Flag, Level, Line, Option, evaluate
from .common import (
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Scenario,
    Status,
    TurnOutcome,
)
from .levels import signed

KEY = "germany"
TITLE = "Germany"

DP_LEVEL = Level(
    id="dp_level", rule="55.11", label="German DP level",
    help="Germany's DP level worked out as in a Year Start Sequence at the end of this Allied player turn "
         "(54.23); it may be negative.",
    minimum=-60, maximum=60,
)
BERLIN = Flag(
    id="berlin", rule="55.11", label="Germany controls Berlin", value=2, start=True,
    help="+2 while Berlin is under German control.",
)
INDUSTRIAL_CITIES = Choice(
    id="cities", rule="55.11", label="German-controlled cities", each=1,
    start=("breslau", "essen", "cologne", "leipzig"),
    help="+1 for each of Breslau, Essen, Cologne and Leipzig that Germany controls.",
    options=(Option("breslau", "Breslau"), Option("essen", "Essen"),
             Option("cologne", "Cologne"), Option("leipzig", "Leipzig")),
)
BERCHTESGADEN = Flag(
    id="berchtesgaden", rule="55.11", label="Germany controls Berchtesgaden", value=1, start=True,
    help="+1 while Berchtesgaden is under German control.",
)
ATOMIC_BY_GERMANY = Escalating(
    id="atomic_by_germany", moves="up", rule="55.11", label="Strategic atomic attacks made by Germany",
    help="Atomic attacks Germany has made: +3 for the first, +2 more for the second, +1 more for each "
         "one after that.",
    sign=1, maximum=30, unit="attacks",
)
ATOMIC_AGAINST_GERMANY = Escalating(
    id="atomic_against_germany", moves="up", rule="55.11", label="Atomic attacks against Germany",
    help="Atomic attacks on Germany: -3 for the first, -2 more for the second, -1 more for each one after that.",
    sign=-1, maximum=30, unit="attacks",
)
FIRESTORMS = Count(
    id="firestorms", moves="up", rule="55.11", label="German cities firestormed", each=-1, maximum=40, unit="cities",
    help="-1 for every German city firestormed so far in the game (cumulative).",
)


def _italian_resistance(context: Context) -> tuple[int, str]:
    level = context.get("italy.dp_total")
    if level is None:
        return 0, "Italy not assessed"
    return max(0, int(level)), f"Italian DP total {level}, never below 0"


ITALIAN_RESISTANCE = Derived(
    id="italian_resistance", rule="55.11", label="Italian resistance level",
    help="The Italian resistance level, taken from the Italy tab, counted as 0 when it is below zero, "
         "whether or not Italy has surrendered.",
    reading="The Italian resistance level is Italy's DP total with the 56.12 modifiers (the general readings), "
            "floored at 0.",
    compute=_italian_resistance,
)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The German Resistance Table of an edition.  The updated text adds the attacks
    made by Germany and the Italian resistance level; the original ignores the
    Italian DP level (54.26)."""
    if edition is Edition.ORIGINAL:
        return (DP_LEVEL, BERLIN, INDUSTRIAL_CITIES, BERCHTESGADEN, FIRESTORMS, ATOMIC_AGAINST_GERMANY)
    return (DP_LEVEL, BERLIN, INDUSTRIAL_CITIES, BERCHTESGADEN, ATOMIC_BY_GERMANY, ATOMIC_AGAINST_GERMANY,
            FIRESTORMS, ITALIAN_RESISTANCE)


def initial_carry() -> dict[str, Any]:
    return {"surrendered": False, "surrender_turn": None}


def _context(game: GameContext) -> Context:
    italy = game.results.get("italy")
    return Context({"italy.dp_total": None if italy is None else italy.figures.get("dp_total")})


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    table = lines(game.edition, game.scenario)
    result = evaluate(table, inputs, _context(game))
    if game.scenario is Scenario.PACIFIC:
        return PowerResult(KEY, TITLE, result.total, result.total, Status.NOT_APPLICABLE,
                           "Germany is not in a Pacific scenario.", result.breakdown)
    if game.carried(KEY, "surrendered"):
        return PowerResult(KEY, TITLE, result.total, result.total, Status.SURRENDERED,
                           "Germany has already surrendered.", result.breakdown)
    if result.total > 0:
        return PowerResult(KEY, TITLE, result.total, result.total, Status.NO_EFFECT,
                           f"Germany fights on (resistance {signed(result.total)}).", result.breakdown,
                           (Consequence("55.11", "Germany surrenders only at a resistance level of 0 or less."),))
    return PowerResult(KEY, TITLE, result.total, result.total, Status.SURRENDERS,
                       f"Germany surrenders (resistance {signed(result.total)}).", result.breakdown,
                       surrender_consequences(game))


def surrender_consequences(game: GameContext) -> tuple[Consequence, ...]:
    """What a German surrender means for Italy and the European war, per edition."""
    italy = game.results.get("italy")
    italy_out = bool(game.carried("italy", "surrendered")) or (italy is not None and italy.surrendered)
    italy_never_fought = italy is not None and not italy.figures.get("at_war", True)
    consequences: list[Consequence] = []
    if game.edition is Edition.ORIGINAL:
        if italy_out or italy_never_fought:
            consequences.append(Consequence("55.21", "The war in Europe ends: Italy is already out of the war."))
        else:
            consequences.append(Consequence("55.22", "Italy and its associated minor countries fight on "
                                                     "(a German surrender does not make Italy surrender, 56.13)."))
    else:
        consequences.append(Consequence("55.21", "The war in Europe ends, whatever Italy's state."))
        if not italy_out and not italy_never_fought:
            consequences.append(Consequence("56.13", "Italy surrenders with Germany."))
    consequences.append(Consequence("55.3", "All German units are removed from play."))
    if game.edition is Edition.ORIGINAL:
        # 55.4-55.5 of the original text (the updated copy has lost these passages).
        consequences.append(Consequence("55.41", "Unoccupied German-held hexes belong to no one until a major "
                                                 "power occupies them."))
        consequences.append(Consequence("55.51", "Germany's minor allies and associated minor countries "
                                                 "surrender and their units are removed; all \"7\" and \"8\" "
                                                 "diplomatic results are cancelled."))
        if italy_out:  # 55.52: "if Italy has not surrendered" (a never-fighting Italy has not)
            consequences.append(Consequence("55.52", "German conquests and German-held hexes belong to no one "
                                                     "until a major power occupies them."))
        else:
            consequences.append(Consequence("55.52", "German conquests and hexes on the western and eastern "
                                                     "fronts belong to no one until occupied; those on the "
                                                     "Mediterranean front pass to Italy."))
    if game.scenario is Scenario.GLOBAL_WAR:
        consequences.append(Consequence("55.23", "Japan fights on."))
        consequences.append(Consequence("55.24", "The Pacific U.S. election gains +10 (62.31)."))
    consequences.append(Consequence("55.61" if game.edition is Edition.ORIGINAL else "55.22",
                                    "Germany has no BRP value to the conquering powers."))
    return tuple(consequences)


def ends_european_war(game: GameContext) -> bool:
    """Whether a German surrender now ends the war in Europe (55.21 per edition)."""
    return any(c.rule == "55.21" for c in surrender_consequences(game))


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    carry = dict(game.carry.get(KEY, initial_carry()))
    events: tuple[Consequence, ...] = ()
    if result.status is Status.SURRENDERS:
        carry["surrendered"] = True
        carry["surrender_turn"] = game.turn.to_json()
        events = (Consequence("55.11", f"Germany surrenders in {game.turn.title} "
                                       f"(resistance {signed(result.level)})."), *result.consequences)
    return TurnOutcome(carry, events)
