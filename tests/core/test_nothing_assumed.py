"""Issue 28, the core: every value a table needs is asked for (never silently 0), every procedure writes back what it
decides, and "Britain in a state of surrender" has one meaning everywhere."""

from __future__ import annotations

import json

import pytest

from awaw_desktop.core.awaw import britain, carried_limits, checklist, election, report, unentered
from awaw_desktop.core.awaw import britain_surrender as bs
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn

EDITIONS = list(Edition)


# ---------------------------------------------------------------------------------------------- never silently 0

@pytest.mark.parametrize("edition", EDITIONS)
def test_a_new_game_names_every_value_it_needs_and_settles_no_power_on_them(edition: Edition) -> None:
    session = Session.new(edition)
    results = session.assess()
    missing = {item.key: item for item in unentered.this_turns_inputs(session, results)}
    russia = missing[("russia", "dp_level")]
    assert russia.short == "Russian DP level: not entered; counted as 0"
    assert "Allied defeat check (62.91)" in russia.rests
    assert missing[("france", "fleet")].counted_as == "42 full-strength factors"
    rests = unentered.resting_on(session, results)
    # China showed "Incurs effects" on the first screen before any entry: now it rests on its unentered values.
    assert [item.line_id for item in rests["china"]]
    assert set(rests) >= {"germany", "italy", "japan", "france", "britain", "russia", "china"}


def test_entering_a_value_even_the_zero_it_counted_as_settles_it() -> None:
    session = Session.new(Edition.UPDATED)
    session.set_value("russia", "dp_level", 0)
    session.set_value("russia", "unbuilt_factors", 0)
    session.set_value("russia", "ics", 7)   # the seven it counted as: entered, it settles Russia's table
    assert "russia" not in unentered.resting_on(session, session.assess())
    assert ("russia", "dp_level") not in [m.key for m in unentered.this_turns_inputs(session, session.assess())]


def test_russias_ics_and_the_atlantic_transports_are_not_assumed() -> None:
    """A play-test found Russia's ICs (60.11) and the transports in the Atlantic SW box (59.22D) filled in by a new
    game (7 and 10, counting nothing) and shown as entered, and an Allied defeat declared on them: they are values a
    new game cannot know, shown as not entered and counted as their starting values until the players enter them."""
    session = Session.new(Edition.UPDATED)
    results = session.assess()
    owed = {m.key: m for m in unentered.this_turns_inputs(session, results)}
    assert owed[("russia", "ics")].counted_as == "7" and owed[("britain", "atlantic_transports")].counted_as == "10"
    assert not session.is_entered("russia", "ics") and not session.is_entered("britain", "atlantic_transports")
    assert results["russia"].total == Session.new(Edition.UPDATED).assess()["russia"].total   # counted as before
    session.set_value("russia", "ics", 8)
    assert ("russia", "ics") not in [m.key for m in unentered.this_turns_inputs(session, session.assess())]


def defeat_in_the_making(edition: Edition = Edition.UPDATED) -> Session:
    """France surrendered and Britain in surrender; Russia's DP level never entered (it counts as 0: 0 or less)."""
    session = Session.new(edition, Scenario.GLOBAL_WAR, Turn(1941, Season.FALL))
    session.carry["france"].update(surrendered=True, surrender_level=1, surrender_turn=Turn(1940, Season.SUMMER)
                                   .to_json())
    session.carry["britain"].update(surrendered=True, surrender_level=-3, surrenders=[-3], at_peace=True,
                                    surrender_turn=Turn(1941, Season.SPRING).to_json())
    session.facts["war.germany_france"] = session.facts["war.germany_britain"] = None
    return session


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_allied_defeat_is_declared_on_a_value_nobody_entered(edition: Edition) -> None:
    session = defeat_in_the_making(edition)
    results = session.assess()
    assert results["election"].figures["allied_defeat"] is True   # what the tables give, counted so
    (end,) = [end for end in checklist.war_end(session, results) if end.rule == "62.91"]
    assert not end.settled and "Russian DP level: not entered" in end.text and "not declared" in end.text
    text = report.report(session, "text")
    assert "The game is over" not in text and "Not settled" in text
    confirm = [item.key for item in unentered.to_confirm(session, results, True)]
    assert ("russia", "dp_level") in confirm and ("russia", "unbuilt_factors") in confirm
    assert not [key for key in confirm if key[0] == "france"]   # a recorded surrender rests on nothing
    # Confirmed (as the end of turn does when the players say 0 is right): now it is declared.
    unentered.confirm(session, confirm)
    results = session.assess()
    (end,) = [end for end in checklist.war_end(session, results) if end.rule == "62.91"]
    assert end.settled and "decisive Axis victory" in end.text
    assert "The game is over." in report.report(session, "text")


def test_the_end_of_turn_records_the_values_the_players_confirmed() -> None:
    session = defeat_in_the_making()
    unentered.end_the_turn(session, {}, [("russia", "dp_level")])
    assert session.is_entered("russia", "dp_level")
    assert any("Russian DP level confirmed as 0" in event.text for event in session.history[-1].events)


# ---------------------------------------------------------------------------------- one meaning of "in surrender"

def resumed(how: str, edition: Edition = Edition.UPDATED) -> Session:
    """Britain surrendered in peace in Fall 1941; Spring 1942 the war resumes (59.86B or C)."""
    session = Session.new(edition, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.carry["britain"].update(surrendered=True, surrender_level=-2, surrenders=[-2], at_peace=True,
                                    surrender_turn=Turn(1941, Season.FALL).to_json())
    session.facts["war.germany_britain"] = None
    session.set_value("britain", "dp_level", 5)
    apply_end_of_turn(session, {britain.RESUMPTION_QUESTION: how})
    return session


@pytest.mark.parametrize("how", ["germany", "united_states"])
def test_britain_stays_in_a_state_of_surrender_after_the_war_resumes_on_every_reader(how: str) -> None:
    session = resumed(how)
    assert session.fact("war.germany_britain") is not None and session.fact("war.germany_us") is not None
    results = session.assess()
    uk = results["britain"]
    assert uk.status is Status.SURRENDERED and uk.figures["in_surrender"] is True
    assert any("state of surrender" in c.text for c in uk.consequences)
    points = {item.id: (item.points, item.note) for item in results["election"].breakdown}
    assert points["britain_not_in_surrender"] == (0, "Britain is in a state of surrender")
    assert points["british_surrender_level"][0] == -2 + 5
    game = session.game_context(results)
    session.set_value("russia", "dp_level", -5)
    assert election.allied_defeat(session.game_context(session.assess()))[1].startswith("No Allied defeat: France")
    assert game is not None


def test_a_surrender_accepted_at_the_end_of_turn_counts_for_the_election_of_that_turn() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1945, Season.SPRING))
    session.set_value("britain", "dp_level", -4)
    session.set_value("britain", "powers_at_war", ["united_states"])
    session.set_value("election", "trigger", ["yss_1945"])
    report_ = apply_end_of_turn(session, {britain.ACCEPT_QUESTION: "accept"})
    points = {item.id: item.points for item in report_.results["election"].breakdown}
    assert points["britain_not_in_surrender"] == 0, "Britain surrendered at this check: in a state of surrender"


# ------------------------------------------------------------------------------------------ procedures write back

def test_chinese_defections_stop_at_the_unbuilt_count_and_are_no_longer_unbuilt() -> None:
    """The issue's numbers: 6 unbuilt factors, ground force level 24 (floor 15): at most 6 defect in all."""
    session = Session.new(Edition.UPDATED)
    session.set_value("china", "unbuilt_ground", 6)
    session.set_value("china", "force_pool", 40)
    session.set_value("china", "defection_facts", {"unbuilt_infantry": 6, "force_level": 24, "extra_infantry": 0,
                                                   "wang_pool": 0})
    for _turn in range(6):
        apply_end_of_turn(session)
    assert session.carry["china"]["defections"] == 6
    assert session.value("china", "unbuilt_ground") == 0 and session.value("china", "force_pool") == 34
    assert session.value("china", "defection_facts") == {"unbuilt_infantry": 0, "force_level": 18,
                                                         "extra_infantry": 0, "wang_pool": 6}
    said = [event.text for entry in session.history for event in entry.events]
    assert any("Unbuilt Nationalist ground factors 6 \u2192 3" in text for text in said)
    assert any("China has no unbuilt replacement or infantry factor left" in text for text in said)


def test_chinese_defections_stop_at_the_force_level_floor() -> None:
    session = Session.new(Edition.CLASSIC)
    session.set_value("china", "defection_facts", {"unbuilt_infantry": 20, "force_level": 17, "extra_infantry": 0,
                                                   "wang_pool": 0})
    for _turn in range(3):
        apply_end_of_turn(session)
    assert session.carry["china"]["defections"] == 2
    assert session.value("china", "defection_facts")["force_level"] == 15
    assert any("at its floor of 15" in e.text for e in session.history[-1].events)


def accepted_concessions(taken: dict[str, str]) -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1941, Season.FALL))
    session.set_value("britain", "dp_level", -4)
    statuses = {key: "not-eligible" for key in ("lebanon_syria", "tunisia", "algeria", "morocco", "libya",
                                                 "albania")}
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=session.assess()["britain"].level,
                                                               statuses=statuses, chosen=taken))
    britain.record_british_surrender(session, outcome)
    return session


def test_a_ceded_malta_and_gibraltar_are_axis_held_from_then_on() -> None:
    session = accepted_concessions({"malta": "", "palestine": "", "transjordan": "", "gibraltar": ""})
    assert session.fact("place.malta") is True
    assert session.carry["britain"]["ceded"] == ["malta", "palestine", "transjordan", "gibraltar"]
    malta = next(item for item in session.assess()["britain"].breakdown if item.id == "axis_holds")
    assert malta.points == -1   # Britain's table has its -1 (59.21)
    entry = session.history[-1]
    assert any("Germany takes Gibraltar" in e.text for e in entry.events)
    assert any("Axis control Malta: yes" in e.text for e in entry.events)
    from awaw_desktop.core.awaw import facts_settled

    statuses = facts_settled.concession_statuses(session.facts, tuple(session.carry["britain"]["ceded"]))
    assert statuses["gibraltar"][0] == "axis-controlled" and statuses["malta"][0] == "axis-controlled"


def test_a_ceded_area_of_britain_is_an_axis_held_hex_on_russias_table() -> None:
    session = accepted_concessions({})
    carry = dict(session.carry["britain"])
    before = {"britain": dict(carry)}
    carry["ceded"] = ["scotland"]
    from awaw_desktop.core.awaw import facts_settled

    said = facts_settled.settle_from_carry(session.facts, {"britain": carry}, session.turn, before)
    assert session.fact("place.axis_in_britain") is True and said


def test_a_separate_peace_ends_the_us_war_in_its_theater() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1945, Season.SPRING))
    session.facts["war.germany_us"] = Turn(1941, Season.WINTER).to_json()
    session.set_value("election", "trigger", ["yss_1945"])
    session.set_value("election", "axis_dp", 40)
    apply_end_of_turn(session, {"election.europe_result": "-9"})
    assert session.carry["election"]["level_europe"] == -9
    assert session.fact("war.germany_us") is None
    assert any("separate peace, 62.6" in e.text for e in session.history[-1].events)


def test_a_declaration_on_the_neutral_us_is_a_fact_of_the_war_for_one_turn() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1943, Season.SPRING))
    session.set_value("election", "war_on_neutral_us", ["germany"])
    assert session.fact("declared.germany_neutral_us") is True
    assert session.fact("war.germany_us") == session.turn.to_json()
    assert "united_states" in session.value("britain", "powers_at_war")   # every table sees the U.S. at war
    session.set_value("election", "war_on_neutral_us", [])
    assert session.fact("war.germany_us") is None   # taken back the same turn: no war either
    session.set_value("election", "war_on_neutral_us", ["germany", "japan"])
    assert session.fact("declared.japan_us") is True
    apply_end_of_turn(session)
    assert session.value("election", "war_on_neutral_us") == ()
    assert session.fact("war.germany_us") is not None   # the war stays; the declaration was one turn's


def test_carried_values_beyond_their_inputs_are_named() -> None:
    session = Session.new(Edition.UPDATED)
    session.set_value("china", "defection_facts", {"unbuilt_infantry": 0, "force_level": 20, "extra_infantry": 0,
                                                   "wang_pool": 2})
    session.carry["china"]["wang_additions"] = 5
    problems = carried_limits.problems(session)
    assert [rule for rule, _text, _place in problems] == ["61.31C"]
    assert "61.31C" in [check.rule for check in checklist.checks(session, session.assess())]
    session.carry["britain"].update(surrendered=True, surrender_level=-2, surrenders=[-2], conciliation_points=3,
                                    usat_reduction=4)
    assert "59.75B" in [rule for rule, _text, _place in carried_limits.problems(session)]


# ---------------------------------------------------------------------------------------------- what happened

def test_the_report_says_what_happened_turn_by_turn_in_every_format() -> None:
    session = Session.new(Edition.UPDATED)
    session.set_value("china", "defection_facts", {"unbuilt_infantry": 6, "force_level": 24, "extra_infantry": 0,
                                                   "wang_pool": 0})
    apply_end_of_turn(session)
    from awaw_desktop.core.awaw.session import record_die

    record_die(session, "Lebanon-Syria colony roll", "58.531", 4, "rolled")
    text = report.report(session, "text")
    happened = text.split("== What happened ==")[1]
    assert "Fall 1939:" in happened and "End of turn: End of Fall 1939" in happened
    assert "61.31: 3 unbuilt Nationalist factor(s) defect" in happened
    assert "Winter 1939:" in happened and "Die: Lebanon-Syria colony roll (58.531): 4, rolled by the app" in happened
    markdown = report.report(session, "markdown")
    assert "## What happened" in markdown and "### Fall 1939" in markdown
    data = json.loads(report.report(session, "json"))["what_happened"]
    assert [turn["turn_title"] for turn in data] == ["Fall 1939", "Winter 1939"]
    assert data[1]["dice"] == [{"purpose": "Lebanon-Syria colony roll", "rule": "58.531", "value": 4,
                                "source": "rolled"}]
