"""The turn track: end of turn records what carries over, advances, and schedules elections."""

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, preview_end_of_turn


def test_end_of_turn_advances_and_logs_every_level():
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1941, Season.WINTER))
    report = apply_end_of_turn(session)
    assert session.turn == Turn(1942, Season.SPRING)
    entry = session.history[-1]
    assert entry.kind == "end-of-turn" and entry.turn == Turn(1941, Season.WINTER)
    held = report.results["election"].figures.get("held", True)
    assert entry.levels == {key: result.level for key, result in report.results.items()
                            if key != "election" or held}
    assert not held and "election" not in entry.levels   # Winter 1941: no election, no level recorded (62.21)


def test_an_election_turn_records_the_election_level():
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1945, Season.SPRING))
    session.set_value("election", "trigger", ["yss_1945"])   # held after the 1945 Year Start Sequence (62.21)
    report = apply_end_of_turn(session)
    assert report.results["election"].figures.get("held", True)
    assert session.history[-1].levels["election"] == report.results["election"].level


def test_entered_facts_stay_for_the_next_turn():
    session = Session.new()
    session.set_value("germany", "dp_level", 5)
    apply_end_of_turn(session)
    assert session.value("germany", "dp_level") == 5


def test_the_1945_yss_election_is_held_in_spring_1945_and_only_then():
    session = Session.new(Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1944, Season.WINTER))
    apply_end_of_turn(session)
    assert session.turn == Turn(1945, Season.SPRING)
    assert session.value("election", "trigger") == ["yss_1945"]
    assert session.assess()["election"].figures["held"]
    assert any(event.rule == "62.21A" for event in session.history[-1].events)
    apply_end_of_turn(session)
    assert session.value("election", "trigger") == []
    results = session.carry["election"]["results"]
    assert len(results) == 1 and results[0]["trigger"] == "yss_1945"


def test_no_election_is_scheduled_in_a_pacific_scenario():
    session = Session.new(Edition.UPDATED, Scenario.PACIFIC, Turn(1944, Season.WINTER))
    apply_end_of_turn(session)
    assert "election" not in session.inputs or not session.inputs["election"].get("trigger")


def test_japanese_cumulative_modifiers_add_up_over_turns():
    session = Session.new(Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1941, Season.WINTER))
    session.set_carry("japan", "war_turn", {"season": "winter", "year": 1941})
    session.set_value("japan", "cum_india", ["calcutta", "dacca", "rangoon"])  # +1 each counted turn
    apply_end_of_turn(session)  # Winter 1941: the turn war broke out, nothing counted
    assert session.carry["japan"]["cumulative_total"] == 0
    apply_end_of_turn(session)  # Spring 1942: first counted (57.14A)
    apply_end_of_turn(session)  # Summer 1942
    assert session.carry["japan"]["cumulative_total"] == 2
    assert preview_end_of_turn(session).results["japan"].figures["cumulative_total"] == 2


def test_enemy_losses_are_a_tally_of_one_turn_and_clear_at_its_end():
    # 57.14B: losses are counted separately for each game turn.
    session = Session.new(Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.set_carry("japan", "war_turn", {"season": "winter", "year": 1941})
    session.set_value("japan", "enemy_losses", {"eliminated": 60, "damaged_named": 0, "sunk_in_port": 0})
    apply_end_of_turn(session)
    assert session.carry["japan"]["cumulative_total"] == 2  # 60 BRPs: +2 (25 per +1)
    assert session.value("japan", "enemy_losses")["eliminated"] == 0
    apply_end_of_turn(session)
    assert session.carry["japan"]["cumulative_total"] == 2
