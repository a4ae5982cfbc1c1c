"""The U.S. election (62) and Allied defeat (62.91).

An election is held after the 1945 YSS (62.21A) and at the end of any game turn in which Germany
makes a successful atomic attack on the continental U.S. (62.21B, 62.81).  Each theater has its own
sum of modifiers (62.31); NOTES.md fixes how they combine and where the result is implemented
(62.41-62.42B).  The rule texts of the Original and Updated editions agree on rule 62.

This power is assessed last: it reads Japan, Germany, Britain, France and Russia from
``game.results``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..lines import (
    Choice,
    Context,
    Derived,
    Escalating,
    FieldSpec,
    Flag,
    Group,
    Level,
    Line,
    LineResult,
    Option,
    RulesInputError,
    Value,
    evaluate,
    in_section,
)
from .common import (
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

KEY = "election"
TITLE = "U.S. election"

#: Worst result with restrictions short of a separate peace (62.41).
SEPARATE_PEACE_AT = -7
#: Tension level after a -7 separate peace (62.41, 62.65); four less per further level.
SEPARATE_PEACE_TENSION = 46
#: Four tension points are one election result level (62.52, 62.65).
TENSION_PER_LEVEL = 4


class Trigger(StrEnum):
    """Why an election is held this turn (62.21)."""

    NONE = "none"          # no election this turn
    YSS_1945 = "yss_1945"  # after the 1945 YSS: both theaters, combined (62.21A, 62.41)
    ATOMIC = "atomic"      # German atomic attack on the continental U.S.: Europe only (62.21B, 62.81)

    @property
    def label(self) -> str:
        return {
            Trigger.NONE: "No election this turn",
            Trigger.YSS_1945: "Election after the 1945 YSS",
            Trigger.ATOMIC: "Election after a German atomic attack on the U.S.",
        }[self]


# ---------------------------------------------------------------------------------------------
# Lines (62.31)
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TriggerChoice(Choice):
    """Which event holds an election this turn: at most one may be ticked; adds no points."""

    def validate(self, value: Value) -> tuple[str, ...]:
        if isinstance(value, str):
            value = () if value in ("", Trigger.NONE.value) else (value,)
        chosen = super().validate(value)
        if len(chosen) > 1:
            raise RulesInputError(f"{self.label} ({self.id}): tick at most one reason for an election, "
                                  f"got {', '.join(chosen)}")
        return chosen

    def points(self, value: Value, context: Context) -> int:
        self.validate(value)
        return 0

    def trigger(self, value: Value) -> Trigger:
        chosen = self.validate(value)
        return Trigger(chosen[0]) if chosen else Trigger.NONE


TRIGGER = TriggerChoice(
    id="trigger", rule="62.21", label="Election held this turn",
    help="Tick why an election is held now: after the 1945 YSS (both theaters, added together), or at the end "
         "of a turn with a successful German atomic attack on the continental U.S. (Europe only). Leave both "
         "unticked when there is no election.",
    options=(Option(Trigger.YSS_1945.value, "After the 1945 Year Start Sequence"),
             Option(Trigger.ATOMIC.value, "German atomic attack on the continental U.S. this turn")),
)

# Europe
AXIS_DP = Level(
    id="axis_dp", rule="62.31", label="Axis DP level", sign=-1, minimum=-60, maximum=99,
    help="Subtract the Axis DP level, neutral Italian DPs included, worked out when the election is held.",
)
ATOMIC_ON_BRITAIN = Escalating(
    id="atomic_on_britain_us", rule="62.31", label="Atomic attacks on Britain or the U.S. Atlantic box",
    help="Atomic attacks on a hex in Britain or on the U.S. Atlantic box: -3 for the first, -2 more for the "
         "second, -1 more for each one after that.",
    sign=-1, maximum=30, unit="attacks",
)


def _britain(context: Context) -> tuple[bool, int | None]:
    return bool(context.get("britain.in_surrender", False)), context.get("britain.surrender_level")


def _british_surrender_level(context: Context) -> tuple[int, str]:
    in_surrender, level = _britain(context)
    if not in_surrender:
        return 0, "Britain is not in surrender"
    if level is None:
        return 0, "British surrender level unknown"
    return int(level) + 5, f"British surrender level {int(level):+d}"


BRITISH_SURRENDER_LEVEL = Derived(
    id="british_surrender_level", rule="62.31", label="British surrender level",
    help="While Britain is in surrender: -1 for each level below -5, +1 for each level above -5 (so -10 gives -5 "
         "and 0 gives +5). Read from the Britain tab.",
    compute=_british_surrender_level,
)


def _britain_not_in_surrender(context: Context) -> tuple[int, str]:
    in_surrender, _ = _britain(context)
    return (0, "Britain is in surrender") if in_surrender else (5, "Britain is not in surrender")


BRITAIN_FIGHTING = Derived(
    id="britain_not_in_surrender", rule="62.31", label="Britain not in surrender",
    help="+5 while Britain is not in a state of surrender (from the Britain tab).",
    compute=_britain_not_in_surrender,
)
ALLIED_DP = Level(
    id="allied_dp", rule="62.31", label="Allied DP level", sign=1, minimum=-60, maximum=99,
    help="Add the Allied DP level, neutral Russian DPs included, worked out when the election is held. British "
         "and Russian DP levels may be negative here (62.32).",
)


def _japan_surrendered(context: Context) -> tuple[int, str]:
    return (10, "Japan has surrendered") if context.get("japan.surrendered", False) else (0, "")


JAPAN_SURRENDERED = Derived(
    id="japan_surrendered", rule="62.31", label="Japan has surrendered",
    help="+10 in Europe once Japan has surrendered (from the Japan tab).",
    compute=_japan_surrendered,
)

# Pacific


def _japanese_resistance(context: Context) -> tuple[int, str]:
    if context.get("japan.surrendered", False):
        return 0, "Japan has surrendered: counted as 0"
    level = context.get("japan.level")
    if level is None:
        return 0, "Japan not assessed"
    return -int(level), f"Japanese resistance {int(level):+d}"


JAPANESE_RESISTANCE = Derived(
    id="japanese_resistance", rule="62.31", label="Japanese resistance level",
    help="Subtract the Japanese resistance level (0 once Japan has surrendered), from the Japan tab.",
    compute=_japanese_resistance,
)
JAPAN_DECLARED_WAR = Flag(
    id="japan_declared_war", rule="62.31", label="Japan declared war on the U.S.", value=20,
    help="+20 in the Pacific if it was Japan that declared war on the U.S.",
)


def _germany_surrendered(context: Context) -> tuple[int, str]:
    return (10, "Germany has surrendered") if context.get("germany.surrendered", False) else (0, "")


GERMANY_SURRENDERED = Derived(
    id="germany_surrendered", rule="62.31", label="Germany has surrendered",
    help="+10 in the Pacific once Germany has surrendered (from the Germany tab).",
    compute=_germany_surrendered,
)


def _no_points(values: Mapping[str, int]) -> int:
    return 0


def _tensions_explain(values: Mapping[str, int]) -> str:
    return f"USAT {values['usat']}, USJT {values['usjt']}"


TENSIONS = Group(
    id="tensions", rule="62.5", label="Current U.S. tension levels (no points)",
    help="USAT and USJT now. After an adverse election they are recorded again: every four points they rise "
         "lifts the restrictions in that theater by one level (62.52). They add nothing to the election result.",
    reading="62.51-62.52: after a result short of a separate peace, the tension level entered when the election "
            "is held is the starting point; after a separate peace it is set by 62.65.",
    fields=(FieldSpec("usat", "USAT level", 0, 120), FieldSpec("usjt", "USJT level", 0, 120)),
    score=_no_points, explain=_tensions_explain,
)

EUROPE_LINES: tuple[Line, ...] = (AXIS_DP, ATOMIC_ON_BRITAIN, BRITISH_SURRENDER_LEVEL, BRITAIN_FIGHTING,
                                  ALLIED_DP, JAPAN_SURRENDERED)
PACIFIC_LINES: tuple[Line, ...] = (JAPANESE_RESISTANCE, JAPAN_DECLARED_WAR, GERMANY_SURRENDERED)
EUROPE_LINES = in_section("Europe", EUROPE_LINES)
PACIFIC_LINES = in_section("Pacific", PACIFIC_LINES)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The 62.31 modifiers (the same in every edition) with the election trigger and the tension levels.
    A European scenario has no Pacific lines (62.46A: the Pacific result is 0); a Pacific scenario has no
    election at all (62.46B)."""
    if scenario is Scenario.PACIFIC:
        return ()
    if scenario is Scenario.EUROPEAN:
        return (TRIGGER, *EUROPE_LINES, TENSIONS)
    return (TRIGGER, *EUROPE_LINES, *PACIFIC_LINES, TENSIONS)


# ---------------------------------------------------------------------------------------------
# Pure procedures
# ---------------------------------------------------------------------------------------------

def _has_surrendered(game: GameContext, power: str) -> bool:
    """Surrendered at this check or earlier: the carried flag, the result's status, or a ``surrendered``
    figure (Japan in a European scenario surrenders by the calendar with a "not applicable" table, 57.81)."""
    result = game.results.get(power)
    if bool(game.carried(power, "surrendered", False)):
        return True
    return result is not None and (result.surrendered or bool(result.figures.get("surrendered", False)))


def _context(game: GameContext) -> Context:
    values: dict[str, Any] = {}
    japan = game.results.get("japan")
    values["japan.surrendered"] = _has_surrendered(game, "japan")
    values["japan.level"] = None if japan is None else japan.level
    values["germany.surrendered"] = _has_surrendered(game, "germany")
    britain = game.results.get("britain")
    if britain is not None and "in_surrender" in britain.figures:
        in_surrender = bool(britain.figures.get("in_surrender"))
        level = britain.figures.get("surrender_level")
    else:
        in_surrender = bool(game.carried("britain", "surrendered", False))
        level = game.carried("britain", "surrender_level")
    if in_surrender and level is None:
        level = game.carried("britain", "surrender_level")
    values["britain.in_surrender"] = in_surrender
    values["britain.surrender_level"] = level
    return Context(values)


@dataclass(frozen=True)
class TheaterResults:
    """Each theater's sum of 62.31 modifiers, with the lines behind it."""

    europe: int
    pacific: int
    europe_breakdown: tuple[LineResult, ...] = ()
    pacific_breakdown: tuple[LineResult, ...] = ()


def theater_results(inputs: Mapping[str, Any], game: GameContext) -> TheaterResults:
    """Europe and Pacific sums (62.31).  European scenario: the Pacific is 0 (62.46A)."""
    context = _context(game)
    europe = evaluate(EUROPE_LINES, inputs, context)
    if game.scenario is Scenario.EUROPEAN:
        return TheaterResults(europe.total, 0, europe.breakdown, ())
    pacific = evaluate(PACIFIC_LINES, inputs, context)
    return TheaterResults(europe.total, pacific.total, europe.breakdown, pacific.breakdown)


@dataclass(frozen=True)
class Implementation:
    """What an election puts into effect in each theater (62.41-62.42, 62.46, 62.8).

    ``europe_result`` / ``pacific_result``: the result implemented there (0 or less), or None when the
    war goes on there without election restrictions."""

    trigger: Trigger
    held: bool
    europe: int
    pacific: int
    combined: int | None
    europe_result: int | None
    pacific_result: int | None
    us_defeated: bool = False
    lifts_europe_restrictions: bool = False
    explanation: str = ""

    @property
    def separate_peace_europe(self) -> bool:
        return self.europe_result is not None and self.europe_result <= SEPARATE_PEACE_AT

    @property
    def separate_peace_pacific(self) -> bool:
        return self.pacific_result is not None and self.pacific_result <= SEPARATE_PEACE_AT

    @property
    def adverse(self) -> bool:
        return self.europe_result is not None or self.pacific_result is not None


def combine(europe: int, pacific: int, trigger: Trigger | str, scenario: Scenario) -> Implementation:
    """Where the election result is implemented.

    1945 YSS: the theaters are added; 1 or more: no effect.  Otherwise (62.42B) if only one theater is 0
    or less the combined total is implemented there and the war goes on unrestricted in the other; if
    both are, each theater's own result is implemented in it.  European scenario: the Pacific result is 0
    and disregarded (62.46A); Pacific scenario: no election (62.46B).  Atomic attack: Europe only, all or
    nothing (62.81-62.83): -7 or worse is a separate peace in both theaters and a U.S. defeat; anything
    better has no effect and lifts existing European restrictions."""
    require_range("europe", europe, -999, 999)
    require_range("pacific", pacific, -999, 999)
    try:
        trigger = Trigger(trigger)
    except ValueError as error:
        raise RulesInputError(f"trigger: {trigger!r} is not one of {', '.join(t.value for t in Trigger)}") from error
    if not isinstance(scenario, Scenario):
        raise RulesInputError(f"scenario: expected a Scenario, got {scenario!r}")
    if trigger is Trigger.NONE:
        return Implementation(trigger, False, europe, pacific, None, None, None,
                              explanation="No U.S. election is held this turn (62.21).")
    if scenario is Scenario.PACIFIC:
        return Implementation(trigger, False, europe, pacific, None, None, None,
                              explanation="Pacific scenario: there is no U.S. election (62.46B).")
    if trigger is Trigger.ATOMIC:
        if europe <= SEPARATE_PEACE_AT:
            return Implementation(trigger, True, europe, pacific, europe, europe, europe, us_defeated=True,
                                  explanation=f"European result {europe:+d}: the U.S. signs a separate peace with "
                                              "Germany and Japan and is defeated (62.82).")
        return Implementation(trigger, True, europe, pacific, europe, None, None, lifts_europe_restrictions=True,
                              explanation=f"European result {europe:+d}: the atomic attack fails to force a "
                                          "separate peace; every U.S. restriction in Europe is lifted (62.83).")
    if scenario is Scenario.EUROPEAN:
        if europe >= 1:
            return Implementation(trigger, True, europe, 0, europe, None, None,
                                  explanation=f"Result {europe:+d}: U.S. policy is unchanged (62.42A).")
        return Implementation(trigger, True, europe, 0, europe, europe, None,
                              explanation=f"Result {europe:+d} is implemented in Europe (European scenario: the "
                                          "Pacific is disregarded, 62.46A).")
    combined = europe + pacific
    if combined >= 1:
        return Implementation(trigger, True, europe, pacific, combined, None, None,
                              explanation=f"Combined result {combined:+d}: U.S. policy is unchanged (62.42A).")
    if europe <= 0 and pacific <= 0:
        return Implementation(trigger, True, europe, pacific, combined, europe, pacific,
                              explanation=f"The Axis wins in both theaters: Europe {europe:+d} and Pacific "
                                          f"{pacific:+d}, each in its own theater (62.42B).")
    if europe <= 0:
        return Implementation(trigger, True, europe, pacific, combined, combined, None,
                              explanation=f"The Axis wins in Europe: the combined {combined:+d} is implemented in "
                                          "Europe; the Pacific war goes on (62.42B).")
    return Implementation(trigger, True, europe, pacific, combined, None, combined,
                          explanation=f"The Axis wins in the Pacific: the combined {combined:+d} is implemented in "
                                      "the Pacific; the European war goes on (62.42B).")


_RESULTS: dict[int, str] = {
    0: "The U.S. stops all offensive economic warfare (strategic and conventional bombing, submarine warfare, "
       "flying bombs and rockets) and may not make atomic attacks.",
    -1: "U.S. forces may not start or continue ground attacks at odds below 2:1.",
    -2: "The U.S. may not mount full offensives.",
    -3: "U.S. forces may not carry out any offensive operations.",
    -4: "U.S. forces may not take part in attrition combat.",
    -5: "U.S. ground units may not leave the U.S. box.",
    -6: "U.S. air units may not leave the U.S. box.",
}


def separate_peace_tension(result: int) -> int | None:
    """Tension level after a separate peace (62.41, 62.65): 46 at -7, four less for each further level
    (-8: 42, -9: 38); None when the result is -6 or better (no separate peace)."""
    require_range("result", result, -999, 999)
    if result > SEPARATE_PEACE_AT:
        return None
    return SEPARATE_PEACE_TENSION - TENSION_PER_LEVEL * (SEPARATE_PEACE_AT - result)


def restrictions(result: int | None, britain_in_surrender: bool = False) -> tuple[Consequence, ...]:
    """Everything a result implemented in a theater brings (each result includes all higher ones,
    62.41): nothing for None or 1 or more; a separate peace at -7 or less."""
    if result is None:
        return ()
    require_range("result", result, -999, 999)
    if result >= 1:
        return ()
    if result <= SEPARATE_PEACE_AT:
        tension = separate_peace_tension(result)
        return (
            Consequence("62.41", f"({result:+d}) The U.S. signs a separate peace in this theater; its tension "
                                 f"level there is set to {tension} (62.65)."),
            Consequence("62.6", "U.S. units leave the theater as 62.61-62.62 say; American BRP grants there follow "
                                "the tension level (62.45)."),
        )
    out = [Consequence("62.41", f"({level:+d}) {_RESULTS[level]}" if level else f"(0) {_RESULTS[0]}")
           for level in range(result, 1)]
    applies = "only to American units, American-built partisans included"
    if britain_in_surrender:
        out.append(Consequence("62.44", f"Restrictions apply {applies}; results 0 to -4 also bind Britain, "
                                        "which has surrendered."))
    else:
        out.append(Consequence("62.44", f"Restrictions apply {applies}."))
    return tuple(out)


def level_in_effect(result: int, baseline_tension: int, tension_now: int) -> int | None:
    """The election level in effect after a rise in tensions (62.52, 62.71): one level better per four
    points above the tension recorded at the election (or set by 62.65); None once the level would be 1
    or more (no restrictions).  A fall below the baseline never makes the result worse than it was."""
    require_range("result", result, -999, 0)
    require_range("baseline_tension", baseline_tension, -999, 999)
    require_range("tension_now", tension_now, -999, 999)
    level = result + max(0, (tension_now - baseline_tension) // TENSION_PER_LEVEL)
    return None if level >= 1 else level


def allied_defeat(game: GameContext) -> tuple[bool, str]:
    """62.91: a decisive Axis victory, without an election, when France, Britain and Russia are all in a
    state of surrender and neither Germany nor Japan has surrendered.  Russia is in a state of surrender
    while its resistance level is 0 or less (60.12); Britain while it is in surrender (59)."""
    results = game.results

    def done(power: str) -> bool:
        return _has_surrendered(game, power)

    france = done("france")
    britain_result = results.get("britain")
    if britain_result is not None and "in_surrender" in britain_result.figures:
        britain = bool(britain_result.figures["in_surrender"])
    else:
        britain = bool(game.carried("britain", "surrendered", False))
    russia_result = results.get("russia")
    if russia_result is not None and "state_of_surrender" in russia_result.figures:
        russia = bool(russia_result.figures["state_of_surrender"])
    else:
        russia = russia_result is not None and (
            bool(russia_result.figures.get("brp_effects", False)) or russia_result.status is Status.EFFECTS)
    germany = done("germany")
    japan = done("japan")
    missing = [name for name, out in (("France", france), ("Britain", britain), ("Russia", russia)) if not out]
    if missing:
        return False, f"No Allied defeat: {', '.join(missing)} not in a state of surrender (62.91A)."
    if germany or japan:
        who = " and ".join(name for name, out in (("Germany", germany), ("Japan", japan)) if out)
        return False, f"No Allied defeat: {who} surrendered (62.91B)."
    return True, ("France, Britain and Russia are all in a state of surrender and neither Germany nor Japan has "
                  "surrendered: the game ends in a decisive Axis victory (62.91).")


# ---------------------------------------------------------------------------------------------
# Module API
# ---------------------------------------------------------------------------------------------

def initial_carry() -> dict[str, Any]:
    """``results``: past elections; ``level_europe``/``level_pacific``: the election result implemented in a
    theater (None: no restrictions); ``tension_europe``/``tension_pacific``: the tension level from which
    62.52 counts (None when no adverse result is in effect); ``us_defeated``: 62.82."""
    return {"results": [], "level_europe": None, "level_pacific": None,
            "tension_europe": None, "tension_pacific": None, "us_defeated": False}


def _carry(game: GameContext) -> dict[str, Any]:
    carry = {**initial_carry(), **dict(game.carry.get(KEY, {}))}
    carry["results"] = list(carry["results"])
    return carry


def _current(carry: Mapping[str, Any], theater: str, tension_now: int) -> int | None:
    level = carry.get(f"level_{theater}")
    baseline = carry.get(f"tension_{theater}")
    if level is None:
        return None
    if carry.get("us_defeated"):
        return int(level)
    if baseline is None:
        return int(level)
    return level_in_effect(int(level), int(baseline), tension_now)


def _in_effect_consequences(europe: int | None, pacific: int | None, britain: bool) -> list[Consequence]:
    out: list[Consequence] = []
    for name, level in (("Europe", europe), ("Pacific", pacific)):
        for c in restrictions(level, britain):
            out.append(Consequence(c.rule, f"{name}: {c.text}"))
    return out


def questions(implementation: Implementation) -> tuple[Question, ...]:
    """62.43: Germany (Europe) and Japan (Pacific) may impose a higher result than the one the election
    gives in their theater.  Not offered after an atomic-attack election, which is all or nothing."""
    if not implementation.held or implementation.trigger is Trigger.ATOMIC:
        return ()
    asked: list[Question] = []
    for theater, power, result in (("europe", "Germany", implementation.europe_result),
                                   ("pacific", "Japan", implementation.pacific_result)):
        if result is None or result >= 0:
            continue
        options = tuple((str(level), f"{level:+d}" + (" (the election result)" if level == result else ""))
                        for level in range(result, 1))
        asked.append(Question(f"election.{theater}_result", "62.43",
                              f"{power} may impose a higher U.S. election result in {theater.capitalize()} "
                              "than the one the election gives. Which result applies?", options, str(result)))
    return tuple(asked)


def _chosen(question: Question | None, choices: Mapping[str, str], result: int | None) -> int | None:
    if question is None or result is None:
        return result
    answer = choices.get(question.id, question.default)
    if answer not in {key for key, _ in question.options}:
        raise RulesInputError(f"{question.id}: {answer!r} is not one of "
                              f"{', '.join(key for key, _ in question.options)}")
    return int(answer)


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    if game.scenario is Scenario.PACIFIC:
        return PowerResult(KEY, TITLE, 0, 0, Status.NOT_APPLICABLE,
                           "There is no U.S. election in a Pacific scenario (62.46B).",
                           figures={"allied_defeat": False,
                                    "allied_defeat_reason": "Pacific scenario: Britain and Russia never "
                                                            "surrender (54.11)."})
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    tensions = TENSIONS.validate(inputs.get(TENSIONS.id, TENSIONS.default()))
    table = lines(game.edition, game.scenario)
    context = _context(game)
    total = evaluate(table, inputs, context)
    theaters = theater_results(inputs, game)
    implementation = combine(theaters.europe, theaters.pacific, trigger, game.scenario)
    defeat, reason = allied_defeat(game)
    britain_in_surrender = bool(context.get("britain.in_surrender"))
    carry = _carry(game)
    figures: dict[str, Any] = {
        "trigger": trigger.value, "held": implementation.held,
        "europe": theaters.europe, "pacific": theaters.pacific, "combined": implementation.combined,
        "europe_result": implementation.europe_result, "pacific_result": implementation.pacific_result,
        "separate_peace_europe": implementation.separate_peace_europe,
        "separate_peace_pacific": implementation.separate_peace_pacific,
        "separate_peace_tension_europe": None if implementation.europe_result is None
        else separate_peace_tension(implementation.europe_result),
        "separate_peace_tension_pacific": None if implementation.pacific_result is None
        else separate_peace_tension(implementation.pacific_result),
        "us_defeated": implementation.us_defeated or bool(carry["us_defeated"]),
        "allied_defeat": defeat, "allied_defeat_reason": reason,
    }
    consequences: list[Consequence] = []
    if defeat:
        consequences.append(Consequence("62.91", reason))
    level = implementation.combined if implementation.combined is not None else theaters.europe + theaters.pacific
    if implementation.held:
        consequences.append(Consequence("62.42", implementation.explanation))
        consequences.extend(_in_effect_consequences(implementation.europe_result, implementation.pacific_result,
                                                    britain_in_surrender))
        if implementation.us_defeated:
            consequences.append(Consequence("62.82", "The U.S. may not reenter or take part in the war in either "
                                                     "theater for the rest of the game."))
        if questions(implementation):
            consequences.append(Consequence("62.43", "Germany and Japan may impose a higher result in their own "
                                                     "theater (asked at the end of the turn)."))
        status = Status.EFFECTS if implementation.adverse else Status.NO_EFFECT
        verdict = _held_verdict(implementation)
        if game.scenario is Scenario.GLOBAL_WAR and trigger is not Trigger.ATOMIC:
            verdict += f" (Europe {theaters.europe:+d}, Pacific {theaters.pacific:+d}.)"
    else:
        europe_now = _current(carry, "europe", tensions["usat"])
        pacific_now = _current(carry, "pacific", tensions["usjt"])
        figures.update(level_in_effect_europe=europe_now, level_in_effect_pacific=pacific_now)
        consequences.extend(_in_effect_consequences(europe_now, pacific_now, britain_in_surrender))
        status = Status.EFFECTS if europe_now is not None or pacific_now is not None else Status.NO_EFFECT
        if status is Status.EFFECTS:
            parts = [f"{name} {lvl:+d}" for name, lvl in (("Europe", europe_now), ("Pacific", pacific_now))
                     if lvl is not None]
            verdict = f"No U.S. election this turn; earlier election results still in effect: {', '.join(parts)}."
        else:
            verdict = (f"No U.S. election this turn (Europe stands at {theaters.europe:+d}, "
                       f"Pacific at {theaters.pacific:+d}).")
    if defeat:
        status = Status.EFFECTS
        verdict = "Allied defeat: decisive Axis victory (62.91). " + verdict
    return PowerResult(KEY, TITLE, total.total, level, status, verdict, total.breakdown, tuple(consequences),
                       figures)


def _held_verdict(implementation: Implementation) -> str:
    if not implementation.adverse:
        return f"U.S. election: {implementation.explanation}"
    parts = []
    for name, result in (("Europe", implementation.europe_result), ("Pacific", implementation.pacific_result)):
        if result is None:
            parts.append(f"{name}: war goes on")
        elif result <= SEPARATE_PEACE_AT:
            parts.append(f"{name}: separate peace ({result:+d}, tension {separate_peace_tension(result)})")
        else:
            parts.append(f"{name}: restrictions {result:+d}")
    return "Pro-Axis U.S. election - " + "; ".join(parts) + "."


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    carry = _carry(game)
    if result.status is Status.NOT_APPLICABLE:
        return TurnOutcome(carry)
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    tensions = TENSIONS.validate(inputs.get(TENSIONS.id, TENSIONS.default()))
    theaters = theater_results(inputs, game)
    implementation = combine(theaters.europe, theaters.pacific, trigger, game.scenario)
    events: list[Consequence] = []
    if result.figures.get("allied_defeat"):
        events.append(Consequence("62.91", str(result.figures.get("allied_defeat_reason", ""))))
    asked = questions(implementation)
    if not implementation.held:
        # 62.52: rising tensions lift restrictions level by level.
        for theater, tension in (("europe", tensions["usat"]), ("pacific", tensions["usjt"])):
            before = carry[f"level_{theater}"]
            if before is None or carry["us_defeated"]:
                continue
            now = _current(carry, theater, tension)
            if now is None:
                carry[f"level_{theater}"] = None
                carry[f"tension_{theater}"] = None
                events.append(Consequence("62.52", f"{theater.capitalize()}: tensions have risen enough; the U.S. "
                                                   "fights there without election restrictions."))
            elif now != before:
                # keep the original baseline and result so later turns keep counting from it
                events.append(Consequence("62.52", f"{theater.capitalize()}: the election result in effect is now "
                                                   f"{now:+d}."))
        return TurnOutcome(carry, tuple(events))
    by_id = {q.id: q for q in asked}
    europe = _chosen(by_id.get("election.europe_result"), choices, implementation.europe_result)
    pacific = _chosen(by_id.get("election.pacific_result"), choices, implementation.pacific_result)
    record = {"turn": game.turn.to_json(), "trigger": trigger.value, "europe": theaters.europe,
              "pacific": theaters.pacific, "combined": implementation.combined,
              "implemented_europe": europe, "implemented_pacific": pacific}
    carry["results"] = [*carry["results"], record]
    events.append(Consequence("62.42", f"{game.turn.title}: {implementation.explanation}"))
    if implementation.trigger is Trigger.ATOMIC:
        if implementation.us_defeated:
            carry.update(level_europe=europe, level_pacific=pacific, us_defeated=True,
                         tension_europe=None, tension_pacific=None)
            events.append(Consequence("62.82", "The U.S. is defeated: separate peace with Germany and Japan for "
                                               "the rest of the game."))
        else:
            carry.update(level_europe=None, tension_europe=None)
            events.append(Consequence("62.83", "All U.S. restrictions in Europe are lifted."))
        return TurnOutcome(carry, tuple(events), asked)
    for theater, chosen, tension in (("europe", europe, tensions["usat"]), ("pacific", pacific, tensions["usjt"])):
        if chosen is None:
            continue
        peace = separate_peace_tension(chosen)
        carry[f"level_{theater}"] = chosen
        carry[f"tension_{theater}"] = peace if peace is not None else tension
        for c in restrictions(chosen):
            events.append(Consequence(c.rule, f"{theater.capitalize()}: {c.text}"))
    return TurnOutcome(carry, tuple(events), asked)
