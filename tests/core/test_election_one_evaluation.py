"""The election's assessment evaluates its table once (issue 16: the tipping search assesses it hundreds of times
a change): the same ``PowerResult``, field for field, as the earlier assessment, which made the context three
times and evaluated the table three times (the whole table, then each theater).  That earlier path is kept here,
as it was, for the comparison only; the helpers it shares with the module are the module's own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess as assess_module
from awaw_desktop.core.awaw import election
from awaw_desktop.core.awaw.common import Consequence, GameContext, PowerResult, Scenario, Status
from awaw_desktop.core.awaw.election import (
    _NOT_COUNTED_ATOMIC,
    KEY,
    TITLE,
    TheaterResults,
    _british_conciliation,
    _carry,
    _conciliation_counted,
    _current,
    _has_surrendered,
    _held_verdict,
    _in_effect_consequences,
    _lifted_event,
    allied_defeat,
    declared_theaters,
    lines,
    questions,
    usat_counted,
)
from awaw_desktop.core.awaw.election_results import combine, separate_peace_tension
from awaw_desktop.core.awaw.election_table import EUROPE_LINES, PACIFIC_LINES, TENSIONS, TRIGGER, Trigger
from awaw_desktop.core.awaw.levels import signed
from awaw_desktop.core.lines import Context, LineResult, RulesInputError, evaluate

from .tipping_sessions import sessions

# --- the earlier path, as it was (election.py before this change) --------------------------------------------


def _old_context(game: GameContext) -> Context:
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
    reduction, when = _british_conciliation(game)
    values["britain.usat_reduction"] = reduction
    values["britain.surrender_turn"] = when
    values["conciliation_counted"] = _conciliation_counted(game)
    return Context(values)


def old_theater_results(inputs: Mapping[str, Any], game: GameContext) -> TheaterResults:
    """Europe and Pacific sums (62.31).  European scenario: the Pacific is 0 (62.46A); an atomic-attack
    election makes only the European calculation (62.31, 62.81): the Pacific is 0 and not shown."""
    context = _old_context(game)
    europe = evaluate(EUROPE_LINES, inputs, context)
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    if game.scenario is Scenario.EUROPEAN or trigger is Trigger.ATOMIC:
        return TheaterResults(europe.total, 0, europe.breakdown, ())
    pacific = evaluate(PACIFIC_LINES, inputs, context)
    return TheaterResults(europe.total, pacific.total, europe.breakdown, pacific.breakdown)


def _old_breakdown(inputs: Mapping[str, Any], game: GameContext, trigger: Trigger) -> tuple[LineResult, ...]:
    """The table's lines; after an atomic attack the Pacific lines count nothing (62.31, 62.81)."""
    breakdown = evaluate(lines(game.edition, game.scenario), inputs, _old_context(game)).breakdown
    if trigger is not Trigger.ATOMIC:
        return breakdown
    pacific = {line.id for line in PACIFIC_LINES}
    return tuple(LineResult(item.id, item.rule, item.label, item.value, 0, _NOT_COUNTED_ATOMIC)
                 if item.id in pacific else item for item in breakdown)


def old_assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    if game.scenario is Scenario.PACIFIC:
        return PowerResult(KEY, TITLE, 0, 0, Status.NOT_APPLICABLE,
                           "There is no U.S. election in a Pacific scenario (62.46B).",
                           figures={"allied_defeat": False,
                                    "allied_defeat_reason": "Pacific scenario: Britain and Russia never "
                                                            "surrender (54.11)."})
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    tensions = TENSIONS.validate(inputs.get(TENSIONS.id, TENSIONS.default()))
    usat = usat_counted(tensions["usat"], game)
    breakdown = _old_breakdown(inputs, game, trigger)
    theaters = old_theater_results(inputs, game)
    implementation = combine(theaters.europe, theaters.pacific, trigger, game.scenario)
    defeat, reason = allied_defeat(game)
    britain_in_surrender = bool(_old_context(game).get("britain.in_surrender"))
    carry = _carry(game)
    defeated = implementation.us_defeated or bool(carry["us_defeated"])
    lifted = () if defeated else declared_theaters(inputs, game)
    atomic = trigger is Trigger.ATOMIC
    figures: dict[str, Any] = {
        "trigger": trigger.value, "held": implementation.held,
        "europe": theaters.europe, "pacific": None if atomic else theaters.pacific,
        "combined": implementation.combined,
        "europe_result": implementation.europe_result, "pacific_result": implementation.pacific_result,
        "separate_peace_europe": implementation.separate_peace_europe,
        "separate_peace_pacific": implementation.separate_peace_pacific,
        "separate_peace_tension_europe": None if implementation.europe_result is None
        else separate_peace_tension(implementation.europe_result),
        "separate_peace_tension_pacific": None if implementation.pacific_result is None
        else separate_peace_tension(implementation.pacific_result),
        "us_defeated": defeated, "usat_counted": usat, "restrictions_lifted_62_72": list(lifted),
        "allied_defeat": defeat, "allied_defeat_reason": reason,
    }
    consequences: list[Consequence] = []
    if defeat:
        consequences.append(Consequence("62.91", reason))
    level = implementation.combined if implementation.combined is not None else theaters.europe + theaters.pacific
    if implementation.held:
        consequences.append(Consequence("62.42", implementation.explanation))
        europe = None if "europe" in lifted else implementation.europe_result
        pacific = None if "pacific" in lifted else implementation.pacific_result
        consequences.extend(_in_effect_consequences(europe, pacific, britain_in_surrender,
                                                    implementation.us_defeated))
        consequences.extend(_lifted_event(theater) for theater in lifted
                            if getattr(implementation, f"{theater}_result") is not None)
        if implementation.us_defeated:
            consequences.append(Consequence("62.82", "The U.S. may not reenter or take part in the war in either "
                                                     "theater for the rest of the game."))
        if questions(implementation):
            consequences.append(Consequence("62.43", "Germany and Japan may impose a higher result in their own "
                                                     "theater (asked at the end of the turn)."))
        status = Status.EFFECTS if implementation.adverse else Status.NO_EFFECT
        verdict = _held_verdict(implementation)
        if game.scenario is Scenario.GLOBAL_WAR and not atomic:
            verdict += f" (Europe {signed(theaters.europe)}, Pacific {signed(theaters.pacific)}.)"
    else:
        europe_now = None if "europe" in lifted else _current(carry, "europe", usat)
        pacific_now = None if "pacific" in lifted else _current(carry, "pacific", tensions["usjt"])
        figures.update(level_in_effect_europe=europe_now, level_in_effect_pacific=pacific_now)
        consequences.extend(_in_effect_consequences(europe_now, pacific_now, britain_in_surrender, defeated))
        consequences.extend(_lifted_event(theater) for theater in lifted
                            if carry[f"level_{theater}"] is not None)
        status = Status.EFFECTS if europe_now is not None or pacific_now is not None or defeated else Status.NO_EFFECT
        if status is Status.EFFECTS:
            parts = [f"{name} {signed(lvl)}" for name, lvl in (("Europe", europe_now), ("Pacific", pacific_now))
                     if lvl is not None]
            if defeated and pacific_now is None:
                parts.append("Pacific separate peace (62.82)")
            verdict = f"No U.S. election this turn; earlier election results still in effect: {', '.join(parts)}."
        else:
            verdict = (f"No U.S. election this turn (Europe stands at {signed(theaters.europe)}, "
                       f"Pacific at {signed(theaters.pacific)}).")
    if defeat:
        status = Status.EFFECTS
        verdict = "Allied defeat: decisive Axis victory (62.91). " + verdict
    total = sum(item.points for item in breakdown)
    return PowerResult(KEY, TITLE, total, level, status, verdict, breakdown, tuple(consequences), figures)


# --- the comparison ---------------------------------------------------------------------------------------------

def _election_game(session: Any) -> tuple[Mapping[str, Any], GameContext]:
    """The election's entries and the game it is assessed in (every other power assessed before it)."""
    edition, scenario, turn, inputs, carry = session
    results = assess_module.assess_all(edition, scenario, turn, inputs, carry)
    full_carry = {key: {**assess_module.power_module(key).initial_carry(), **carry.get(key, {})}
                  for key in assess_module.ORDER}
    before = {key: result for key, result in results.items() if key != KEY}
    return inputs.get(KEY, {}), GameContext(edition, scenario, turn, before, full_carry)


SAME = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                      HealthCheck.filter_too_much])


@SAME
@given(sessions(), st.sampled_from(["", "yss_1945", "atomic"]), st.sampled_from([(), ("germany",), ("japan",)]))
def test_one_evaluation_gives_the_same_result(session, trigger, declared):
    """On random games, with each reason for an election (or none) and each declaration of war: the same result,
    field for field, and the same theaters' sums and lines."""
    inputs, game = _election_game(session)
    inputs = {**inputs, "trigger": [trigger] if trigger else [], "war_on_neutral_us": list(declared)}
    try:
        expected = old_assess(inputs, game)
    except RulesInputError as error:   # a declaration this scenario has no option for, for one
        refused = str(error)
        try:
            election.assess(inputs, game)
        except RulesInputError as again:
            assert str(again) == refused
        else:
            raise AssertionError(f"the earlier assessment refused what this one accepts: {refused}") from error
        return
    result = election.assess(inputs, game)
    assert isinstance(result, PowerResult)
    for field in PowerResult.__struct_fields__:
        assert getattr(result, field) == getattr(expected, field), field
    assert result == expected
    if game.scenario is not Scenario.PACIFIC:
        assert election.theater_results(inputs, game) == old_theater_results(inputs, game)


@SAME
@given(sessions(), st.sampled_from(["axis_dp", "tensions", "trigger", "atomic_on_britain_us", "war_on_neutral_us"]),
       st.sampled_from([-99, 1000, "many", ["yss_1945", "atomic"], {"usat": 500, "usjt": 3}, None]))
def test_a_refused_entry_gets_the_same_message(session, line, value):
    """A value a line refuses: the same message as before (the lines are checked in the same order)."""
    inputs, game = _election_game(session)
    inputs = {**inputs, line: value}
    outcomes = []
    for assessment in (old_assess, election.assess):
        try:
            outcomes.append(assessment(inputs, game))
        except RulesInputError as error:
            outcomes.append(str(error))
    assert outcomes[0] == outcomes[1]


@SAME
@given(sessions(), st.sampled_from(["", "yss_1945", "atomic"]), st.lists(st.booleans(), min_size=5, max_size=5))
def test_the_same_result_when_the_allies_may_be_defeated(session, trigger, surrendered):
    """62.91 and the other powers' surrenders the election reads (Japan and Germany in its context as well): France,
    Britain, Russia, Germany and Japan each in a state of surrender or not, whatever their own tables say."""
    inputs, game = _election_game(session)
    inputs = {**inputs, "trigger": [trigger] if trigger else []}
    results = dict(game.results)
    for key, out in zip(("france", "britain", "russia", "germany", "japan"), surrendered, strict=True):
        status = Status.SURRENDERED if out else Status.NO_EFFECT
        results[key] = PowerResult(key, key.title(), 0 if out else 5, 0 if out else 5, status, "",
                                   figures={"in_surrender": out, "surrender_level": -3 if out else None,
                                            "state_of_surrender": out})
    # Britain's state of surrender is its carried surrender (surrender_states): carried as its figures say.
    out = surrendered[1]
    carry = {**game.carry, "britain": {**game.carry.get("britain", {}), "surrendered": out,
                                       "surrender_level": -3 if out else None}}
    game = GameContext(game.edition, game.scenario, game.turn, results, carry)
    try:
        expected = old_assess(inputs, game)
    except RulesInputError as error:
        refused = str(error)
        try:
            election.assess(inputs, game)
        except RulesInputError as again:
            assert str(again) == refused
        else:
            raise AssertionError(f"the earlier assessment refused what this one accepts: {refused}") from error
        return
    assert election.assess(inputs, game) == expected
