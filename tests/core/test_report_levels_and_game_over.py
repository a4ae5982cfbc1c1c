"""Fifth play-test: a power the scenario leaves out has no level to read (a dash, as on the Overview), and a game
that is over says so at the top of the report, right after its header."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import levels, report
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session

PACIFIC_LEFT_OUT = ("Germany", "Italy", "France", "Britain", "Russia", "U.S. election")


def pacific_game() -> Session:
    return Session.new(Edition.UPDATED, Scenario.PACIFIC, Turn(1941, Season.WINTER), title="Midway")


def allied_defeat_game() -> Session:
    """France surrendered, Britain in surrender at -4, Russia below 0, Germany and Japan fight on (62.91)."""
    session = Session.new(Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1943, Season.SUMMER), title="Club")
    session.set_carry("france", "surrendered", True)
    session.set_carry("france", "surrender_level", 1)
    session.set_carry("britain", "surrendered", True)
    session.set_carry("britain", "surrender_level", -4)
    session.set_value("russia", "dp_level", -3)
    session.set_value("russia", "unbuilt_factors", 0)   # every value the defeat rests on entered (issue 28)
    session.set_value("russia", "ics", 7)
    return session


@settings(max_examples=25, deadline=None)
@given(edition=st.sampled_from(list(Edition)), scenario=st.sampled_from(list(Scenario)),
       year=st.integers(1939, 1945), season=st.sampled_from(list(Season)))
def test_the_powers_left_out_are_those_whose_table_says_not_applicable(edition, scenario, year, season):
    """The game record reads ``NOT_IN_SCENARIO`` for turns it logged: it must name exactly the powers the
    assessment calls not applicable (before 1946, when Japan surrenders by the calendar in a European game)."""
    results = Session.new(edition, scenario, Turn(year, season)).assess()
    not_applicable = {power for power, result in results.items() if result.status is Status.NOT_APPLICABLE}
    assert not_applicable == levels.NOT_IN_SCENARIO[scenario]
    for power, result in results.items():
        assert levels.has_level(result) == (power not in not_applicable and not levels.no_election(result))


def test_a_logged_turn_keeps_only_the_levels_the_scenario_reads():
    logged = {"germany": 7, "italy": 0, "japan": 4, "france": -3, "britain": 1, "russia": 2, "china": 0}
    assert levels.recorded_levels(Scenario.PACIFIC, logged) == {"japan": 4, "china": 0}
    assert levels.recorded_levels(Scenario.GLOBAL_WAR, logged) == logged


def test_the_pacific_report_gives_no_number_for_a_power_not_in_the_scenario():
    session = pacific_game()
    for fmt, heading in (("text", "== {}: level \u2014, Not applicable =="),
                         ("markdown", "## {}: level \u2014, Not applicable")):
        text = report.report(session, fmt)
        for title in PACIFIC_LEFT_OUT:
            assert heading.format(title) in text, (fmt, title)
        assert "level +7" not in text and "Germany controls Berlin" not in text   # Germany's table, unused
        assert "== Japan: level +" in text or "## Japan: level +" in text          # Japan keeps its number
    text = report.report(session, "text")
    germany = text.split("== Germany")[1].split("== Italy")[0]
    assert "Points: not counted in this scenario." in germany and "What tips it" not in germany


def test_the_json_report_keeps_the_number_and_says_it_is_not_applicable():
    powers = json.loads(report.report(pacific_game(), "json"))["powers"]
    assert powers["germany"]["status"] == "not-applicable" and powers["germany"]["applicable"] is False
    assert isinstance(powers["germany"]["level"], int)
    assert powers["japan"]["applicable"] is True
    assert [key for key, power in powers.items() if not power["applicable"]] == [
        "germany", "italy", "france", "britain", "russia", "election"]


def test_an_allied_defeat_comes_right_after_the_header():
    session = allied_defeat_game()
    text = report.report(session, "text").splitlines()
    assert text[5:8] == ["", "*** The game is over. ***",
                         "    62.91: Allied defeat: France, Britain and Russia are in a state of surrender while "
                         "Germany and Japan fight on. The game ends in a decisive Axis victory."]
    assert text[9].startswith("== Germany")
    markdown = report.report(session, "markdown").splitlines()
    header_end = markdown.index("- **Players:** Axis: -; Allied: -")
    assert markdown[header_end + 1:header_end + 4] == [
        "", "> **The game is over.**",
        "> - 62.91: Allied defeat: France, Britain and Russia are in a state of surrender while Germany and Japan "
        "fight on. The game ends in a decisive Axis victory."]
    assert markdown[header_end + 5].startswith("## Germany")


def test_a_theater_whose_war_ended_is_said_at_the_top_and_a_game_going_on_says_nothing():
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1944, Season.SUMMER))
    quiet = report.report(session, "text")
    assert "***" not in quiet and "over" not in quiet.split("== Germany")[0]
    session.set_carry("germany", "surrendered", True)
    text = report.report(session, "text").split("== Germany")[0]
    assert "*** The war is over in part. ***" in text
    assert "    55.2 (Europe): Germany has surrendered: the war in Europe is over." in text


def test_japan_surrendering_ends_a_pacific_game():
    session = pacific_game()
    session.set_carry("japan", "surrendered", True)
    top = report.report(session, "markdown").split("## Germany")[0]
    assert "> **The game is over: Japan's surrender ends a Pacific scenario (57.91).**" in top
    assert "> - 57.2 (Pacific): Japan has surrendered: the war in the Pacific is over." in top
