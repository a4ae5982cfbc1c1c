"""Tipping points: every stated change, applied, really brings the stated fate; none smaller was missed."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.tipping import TippingCache, apply_changes, fate, level_words, tipping_points, tipping_steps
from awaw_desktop.core.awaw.tipping_changes import Change, candidate_changes
from awaw_desktop.core.awaw.tipping_limits import Limits
from awaw_desktop.core.lines import RulesInputError

from .tipping_sessions import ROOT, sessions

SLOW = settings(max_examples=int(os.environ.get("TIPPING_EXAMPLES", "25")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def _fates(edition, scenario, turn, inputs, carry) -> dict[str, Any]:
    return {key: fate(result) for key, result in assess.assess_all(edition, scenario, turn, inputs, carry).items()}


def _with_value(change: Change, value: Any) -> Change:
    return Change(change.power, change.line_id, change.rule, change.old, value, "", 0, change.direction)


@SLOW
@given(sessions())
def test_every_stated_change_brings_the_stated_fate(session) -> None:
    edition, scenario, turn, inputs, carry = session
    tipping = tipping_points(edition, scenario, turn, inputs, carry)
    base = assess.assess_all(edition, scenario, turn, inputs, carry)
    for power, answer in tipping.items():
        assert answer.status is base[power].status and answer.level == base[power].level
        for point in answer.points:
            after = assess.assess_all(edition, scenario, turn, point.change.apply(inputs), carry)[power]
            assert fate(after) == point.fate_key != fate(base[power]), point.text
            assert (after.status, after.level) == (point.status, point.level), point.text
            assert point.text.startswith(point.change.text) and f"({point.rule})" in point.text


@SLOW
@given(sessions())
def test_each_point_says_the_level_the_power_would_reach(session) -> None:
    """"Britain falls to -10", "rises to +1", "stays at 0": the level reached, written as players do
    (0, never +0); a turn without an election says so instead of a level (62.21)."""
    edition, scenario, turn, inputs, carry = session
    base = assess.assess_all(edition, scenario, turn, inputs, carry)
    for power, answer in tipping_points(edition, scenario, turn, inputs, carry).items():
        now = base[power]
        unheld = power == "election" and not now.figures.get("held", True)
        if now.status is Status.NOT_APPLICABLE:   # not in this scenario: no level, as its tab shows "—"
            assert answer.fate == f"{now.title}, not in this scenario"
            assert all(point.fate.startswith(f"{now.title}: ") for point in answer.points)
            continue
        assert answer.fate.startswith(f"{now.title} (no election this turn)" if unheld
                                      else f"{now.title} at {level_words(now.level)}, ")
        assert "+0" not in answer.distance_text and "+0" not in answer.fate
        for point in answer.points:
            after = assess.assess_all(edition, scenario, turn, point.change.apply(inputs), carry)[power]
            if after.status is Status.NOT_APPLICABLE:
                assert point.fate == f"{now.title}, not in this scenario", point.text
                continue
            if power == "election" and not after.figures.get("held", True):
                assert point.fate.startswith(f"{now.title} (no election this turn)"), point.text
                continue
            verb = ("at" if unheld else "falls to" if point.level < now.level
                    else "rises to" if point.level > now.level else "stays at")
            assert point.fate.startswith(f"{now.title} {verb} {level_words(point.level)}, "), point.text
            assert "+0" not in point.fate, point.text


def test_the_distance_to_the_next_threshold_in_table_talk() -> None:
    """Each way: the levels to go and the level it is at, or that no single change reaches one."""
    session = sessionfile.load(ROOT / "resources" / "examples" / "britain-under-pressure-1941.awaw")
    tipping = tipping_points(session.edition, session.scenario, session.turn, session.effective_inputs(),
                             session.effective_carry(), facts=session.facts)
    assert tipping["britain"].distance_text == "Next threshold: 2 levels down (at -10) or 9 levels up (at +1)."
    assert tipping["germany"].distance_text == "Next threshold: 7 levels down (at 0); none up within one change."
    assert tipping["italy"].distance_text == ("No number changed alone takes its level (0) to a threshold; the "
                                              "changes listed tip it another way.")
    assert tipping["france"].distance_text == "Next threshold: none within one change, up or down."
    assert tipping["election"].fate == "U.S. election (no election this turn), no effect"


@SLOW
@given(sessions())
def test_no_smaller_change_of_a_number_was_missed(session) -> None:
    """For counts, levels and group fields: every value between the entered one and the stated one
    leaves the power's fate as it is (for a way of more than 40 values: 30 at its ends and 10 between)."""
    edition, scenario, turn, inputs, carry = session
    base = _fates(edition, scenario, turn, inputs, carry)
    for power, answer in tipping_points(edition, scenario, turn, inputs, carry).items():
        for point in answer.points:
            change = point.change
            if change.direction not in ("up", "down"):
                continue
            field = None
            old, new = change.old, change.new
            if isinstance(change.new, dict):
                field = next(key for key in change.new if change.new[key] != change.old[key])
                old, new = change.old[field], change.new[field]
            step = 1 if new > old else -1
            between = list(range(old + step, new, step))
            if len(between) > 40:   # a long way (factors by the hundred): both ends and evenly between
                between = between[:15] + between[15:-15:max(1, len(between) // 10)] + between[-15:]
            for number in between:
                value = {**change.old, field: number} if field is not None else number
                try:
                    fates = _fates(edition, scenario, turn, _with_value(change, value).apply(inputs), carry)
                except RulesInputError:
                    continue
                assert fates[power] == base[power], f"{point.text}: {number} already changes {power}"


@SLOW
@given(sessions())
def test_every_tick_and_near_number_that_tips_is_reported(session) -> None:
    """Each single tick or option, and each count one or two away, that changes a power's fate is listed
    for that power (or a smaller change in the same direction is)."""
    edition, scenario, turn, inputs, carry = session
    base = _fates(edition, scenario, turn, inputs, carry)
    tipping = tipping_points(edition, scenario, turn, inputs, carry)
    for source in assess.ORDER:
        for line in assess.lines(source, edition, scenario):
            if line.input_kind == "derived":
                continue
            value = line.validate(inputs.get(source, {}).get(line.id, line.default()))
            for changes in candidate_changes(source, line, value):
                for change in list(changes[:2]):
                    if Limits(turn, carry, None).why_not(change):
                        continue   # the rules rule it out this turn (tipping_limits)
                    try:
                        fates = _fates(edition, scenario, turn, change.apply(inputs), carry)
                    except RulesInputError:
                        continue
                    for power, now in fates.items():
                        if now == base[power]:
                            continue
                        listed = [point.change for point in tipping[power].points
                                  if (point.change.power, point.change.line_id, point.change.direction)
                                  == (source, line.id, change.direction) and point.change.size <= change.size]
                        if change.direction in ("tick", "untick"):
                            listed = [listed_change for listed_change in listed if listed_change.new == change.new]
                        assert listed, f"{change.text} changes {power} but is not listed"


def test_taking_malta_makes_britain_offer() -> None:
    """The issue's example: the Axis take Malta and Britain's level falls to an offer (59.12)."""
    session = sessionfile.load(ROOT / "resources" / "examples" / "britain-under-pressure-1941.awaw")
    session.set_value("britain", "axis_holds", [])
    session.set_value("britain", "dp_level", 0)
    level = session.assess()["britain"].level
    session.set_value("britain", "dp_level", 1 - level)   # Britain at +1: Malta (-5) tips it
    assert session.assess()["britain"].level == 1
    answer = tipping_points(session.edition, session.scenario, session.turn,
                            session.effective_inputs(), session.effective_carry(), facts=session.facts)["britain"]
    malta = [point for point in answer.points if point.change.line_id == "axis_holds"
             and "malta" in point.change.new]
    assert malta and malta[0].status is Status.OFFERS and malta[0].rule == "59.12"
    assert malta[0].text.startswith("Axis-controlled Malta / Singapore: tick Malta: Britain falls to ")
    assert answer.levels_down == 1
    assert answer.distance_text.startswith("Next threshold: 1 level down (at 0)")


def test_russian_ics_lost_remove_brps() -> None:
    """The issue's second example: fewer Russian ICs bring a removal of BRPs (60.31)."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SUMMER))
    session.set_value("russia", "dp_level", -3)
    answer = tipping_points(session.edition, session.scenario, session.turn,
                            session.effective_inputs(), session.effective_carry(), facts=session.facts)["russia"]
    ics = [point for point in answer.points if point.change.line_id == "ics" and point.change.direction == "down"]
    assert ics, [point.text for point in answer.points]
    assert ics[0].text == "ICs controlled by Russia: 7 -> 6: Russia falls to -2, incurs effects: removes 40 BRPs " \
                          "(60.31)"
    assert answer.fate == "Russia at -1, incurs effects: removes 20 BRPs"
    assert answer.distance_text == "Next threshold: 1 level down (at -2) or 1 level up (at 0)."
    assert (answer.levels_down, answer.levels_up) == (1, 1)


def test_a_change_through_another_power_is_listed() -> None:
    """Italy's DP level acts on the updated German table: Germany lists a change of an Italian line."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1943, Season.SUMMER))
    session.set_value("italy", "dp_level", 2)
    session.set_value("germany", "dp_level", 0)
    session.set_value("germany", "dp_level", 1 - session.assess()["germany"].level)
    assert session.assess()["germany"].level == 1
    answer = tipping_points(session.edition, session.scenario, session.turn,
                            session.effective_inputs(), session.effective_carry(), facts=session.facts)["germany"]
    italian = [point for point in answer.points if point.change.power == "italy"]
    assert italian and italian[0].change.line_id == "dp_level" and italian[0].change.new == 1
    assert italian[0].status is Status.SURRENDERS and italian[0].text.startswith(
        "Italian DP level: 2 -> 1 (on the Italy tab): Germany falls to 0, surrenders")


def test_limited_to_some_powers_gives_the_same_answer() -> None:
    session = sessionfile.load(ROOT / "tests" / "fixtures" / "session-v1-every-power.awaw")
    args = (session.edition, session.scenario, session.turn, session.inputs, session.carry)
    everyone = tipping_points(*args)
    for power in assess.ORDER:   # only the lines of powers it reads are tried: the same answer
        assert tipping_points(*args, powers=[power]) == {power: everyone[power]}
    assert tipping_points(*args, powers=["germany", "election"]) == {key: everyone[key]
                                                                     for key in ("germany", "election")}


def test_applying_changes_leaves_the_inputs_untouched() -> None:
    session = Session.new()
    before = {power: dict(values) for power, values in session.inputs.items()}
    change = Change("britain", "dp_level", "59.22A", 0, -3, "British DP level: 0 -> -3 (-3)", 3, "down")
    after = apply_changes(session.inputs, [change])
    assert session.inputs == before and after["britain"]["dp_level"] == -3


@SLOW
@given(sessions(), sessions(), st.sets(st.sampled_from(assess.ORDER), min_size=1))
def test_a_kept_cache_gives_the_same_answer_as_a_fresh_computation(first, second, powers) -> None:
    """The window keeps a cache between changes: after one game, after a change, after another game,
    every answer is what a fresh computation gives; so is the answer for only some powers."""
    cache = TippingCache()
    edition, scenario, turn, inputs, carry = first
    answer = tipping_points(edition, scenario, turn, inputs, carry)
    assert tipping_points(edition, scenario, turn, inputs, carry, cache=cache) == answer
    assert tipping_points(edition, scenario, turn, inputs, carry, powers, cache) == \
        {key: answer[key] for key in assess.ORDER if key in powers}
    stated = [point.change for tipping in answer.values() for point in tipping.points]
    if stated:
        changed = stated[len(stated) // 2].apply(inputs)
        assert tipping_points(edition, scenario, turn, changed, carry, cache=cache) == \
            tipping_points(edition, scenario, turn, changed, carry)
    edition, scenario, turn, inputs, carry = second
    assert tipping_points(edition, scenario, turn, inputs, carry, cache=cache) == \
        tipping_points(edition, scenario, turn, inputs, carry)


def test_frozen_values_are_hashable_and_keep_differences() -> None:
    from awaw_desktop.core.awaw.tipping_probe import frozen
    from awaw_desktop.core.lines import LineResult

    line = LineResult("cities", "55.11", "German-controlled cities", ["essen"], 1)
    assert hash(frozen({"b": [1, {"c": 2}], "a": None})) == hash(frozen({"a": None, "b": (1, {"c": 2})}))
    assert frozen((line,)) != frozen((LineResult("cities", "55.11", "German-controlled cities", ["koln"], 1),))
    assert hash(frozen((line, Status.OFFERS)))


@SLOW
@given(sessions())
def test_the_search_a_step_at_a_time_gives_the_same_answer(session) -> None:
    """The window runs the search a few steps per event-loop turn: step by step, the same answer."""
    edition, scenario, turn, inputs, carry = session
    steps = tipping_steps(edition, scenario, turn, inputs, carry)
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            answer = done.value
            break
        count += 1
    assert count > 1 and answer == tipping_points(edition, scenario, turn, inputs, carry)


def test_a_change_to_a_later_power_keeps_the_earlier_answers() -> None:
    """A power's answer depends only on the facts of the powers up to it in ``ORDER``: after a Russian
    change, every power before Russia keeps its answer (the same object), Russia's is computed again."""
    session = sessionfile.load(ROOT / "tests" / "fixtures" / "session-v1-every-power.awaw")
    args = (session.edition, session.scenario, session.turn)
    cache = TippingCache()
    before = tipping_points(*args, session.inputs, session.carry, cache=cache)
    changed = Change("russia", "dp_level", "60.11", None, -4, "", 0, "down").apply(session.inputs)
    after = tipping_points(*args, changed, session.carry, cache=cache)
    assert after == tipping_points(*args, changed, session.carry)
    for power in assess.ORDER[:assess.ORDER.index("russia")]:
        assert after[power] is before[power]
    assert after["russia"].level != before["russia"].level


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sessions())
def test_a_small_cache_that_rolls_over_still_gives_the_fresh_answer(session) -> None:
    """A cache far smaller than one computation: its generations roll over and its answers are dropped
    while it is used, and every answer is still the fresh one, after each of a few changes."""
    edition, scenario, turn, inputs, carry = session
    cache = TippingCache(limit=40, answers=3)
    fresh = tipping_points(edition, scenario, turn, inputs, carry)
    assert tipping_points(edition, scenario, turn, inputs, carry, cache=cache) == fresh
    stated = [point.change for answer in fresh.values() for point in answer.points][:3]
    for change in stated:
        changed = change.apply(inputs)
        assert tipping_points(edition, scenario, turn, changed, carry, cache=cache) == \
            tipping_points(edition, scenario, turn, changed, carry)
    assert tipping_points(edition, scenario, turn, inputs, carry, cache=cache) == fresh


def test_a_change_to_one_power_s_carried_values_keeps_the_others_assessments() -> None:
    """Japan's war clock is carried and read from the wars: ticking Japan's declaration of war changes it.
    The assessments of powers that read none of Japan's carried values are kept; the answers are fresh."""
    from awaw_desktop.core.awaw.tipping_probe import Prober

    session = sessionfile.load(ROOT / "tests" / "fixtures" / "session-v1-every-power.awaw")
    args = (session.edition, session.scenario, session.turn, session.inputs)
    cache = TippingCache()
    tipping_points(*args, session.carry, cache=cache)
    before = Prober(*args, session.carry, cache=cache)
    carry = {power: dict(values) for power, values in session.carry.items()}
    japan = carry.setdefault("japan", {})
    japan["cumulative_total"] = int(japan.get("cumulative_total", 0)) + 3
    after = Prober(*args, carry, cache=cache)
    assert after.base["italy"] is before.base["italy"] and after.base["germany"] is before.base["germany"]
    assert after.base == assess.assess_all(*args, carry)
    assert after.base["japan"].level == before.base["japan"].level + 3
    assert tipping_points(*args, carry, cache=cache) == tipping_points(*args, carry)
    assert tipping_points(*args, session.carry, cache=cache) == tipping_points(*args, session.carry)


def test_a_fact_of_the_war_shown_only_on_a_later_power_keeps_the_earlier_answers() -> None:
    """Axis-held Malta is a fact of the war shown on Britain's table alone: ticking it keeps every answer
    of a power before Britain (the same object); Britain's is computed again, and all are fresh."""
    from awaw_desktop.core.awaw.tipping import session_tipping

    session = Session.new()
    cache = TippingCache()
    before = session_tipping(session, cache=cache)
    held = list(session.effective_inputs()["britain"].get("axis_holds", []))
    session.set_value("britain", "axis_holds", [*held, "malta"])
    after = session_tipping(session, cache=cache)
    assert after == session_tipping(session)
    for power in assess.ORDER[:assess.ORDER.index("britain")]:
        assert after[power] is before[power]
    assert after["britain"] is not before["britain"]
