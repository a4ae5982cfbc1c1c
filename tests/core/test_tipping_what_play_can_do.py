"""Only changes play can make this turn are offered (eighth play-test): running totals never go down (cities
firestormed, atomic attacks: 55.11, 57.11, 59.21, 60.11, 62.31), no war ends by an untick and no declaration of
war is taken back, how Italy's war began (56.12A/B) is not rewritten; a fact shown on two tables is one change,
listed once, and a change on another power's table names its tab."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, facts_settled, sessionfile
from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.tipping import mirrored, tipping_points
from awaw_desktop.core.awaw.tipping_probe import frozen

ROOT = Path(__file__).resolve().parents[2]
RUNNING_TOTALS = {("germany", "firestorms"), ("germany", "atomic_against_germany"), ("germany", "atomic_by_germany"),
                  ("japan", "firestorms"), ("japan", "atomic_attacks"), ("britain", "firestorms"),
                  ("britain", "atomic_against_britain"), ("russia", "firestorms"),
                  ("russia", "atomic_against_russia"), ("election", "atomic_on_britain_us")}


def answers(session: Session):
    return tipping_points(session.edition, session.scenario, session.turn, session.effective_inputs(),
                          session.effective_carry(), facts=session.facts)


def late_war() -> Session:
    """Spring 1945, updated rules: cities firestormed and atomic attacks on the tables, Japan at war with the
    U.S. by its own declaration, Italy at war since 1940."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1945, Season.SPRING))
    for power, line_id in RUNNING_TOTALS:
        if session.has_line(power, line_id):
            session.set_value(power, line_id, 4)
    session.set_value("election", "japan_declared_war", True)
    return session


def test_every_line_that_only_grows_says_so() -> None:
    for edition in Edition:
        for power in assess.ORDER:
            for line in assess.lines(power, edition, Scenario.GLOBAL_WAR):
                if (power, line.id) in RUNNING_TOTALS:
                    assert line.moves == "up", (edition, power, line.id)


def test_running_totals_are_never_lowered_nor_a_war_ended_nor_a_declaration_taken_back() -> None:
    session = late_war()
    assert session.facts["declared.japan_us"] and session.facts["war.japan_us"] is not None
    offered = [point for answer in answers(session).values() for point in answer.points]
    assert offered
    lowered = [point.text for point in offered
               if (point.change.power, point.change.line_id) in RUNNING_TOTALS and point.change.direction == "down"]
    assert not lowered, lowered
    assert [point for point in offered if (point.change.power, point.change.line_id) in RUNNING_TOTALS]
    for point in offered:
        if war_facts.bindings(point.change.power, point.change.line_id):
            trial = dict(session.facts)
            war_facts.write_line(point.change.power, point.change.line_id, point.change.new, trial, session.turn)
            ended = [key for key in trial if key.startswith(("war.", "declared."))
                     and session.facts.get(key) and not trial.get(key)]
            assert not ended, (point.text, ended)


def test_how_italys_war_began_is_not_rewritten() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.FALL))
    session.set_value("italy", "rome_allied", True)   # Italy at 0 surrenders: a +2 or a -1 changes its fate
    italy = answers(session)["italy"]
    assert italy.points and [point for point in italy.points if point.change.line_id == "dp_level"]
    assert not [point.text for point in italy.points if point.change.line_id in ("wa_declared_war",
                                                                                  "late_entry_years")]


@settings(max_examples=12, deadline=None)
@given(example=st.sampled_from(sorted((ROOT / "resources" / "examples").glob("*.awaw"))),
       season=st.sampled_from(list(Season)))
def test_one_fact_is_one_change_and_another_tab_is_named(example: Path, season: Season) -> None:
    session = sessionfile.load(example)
    session.turn = Turn(session.turn.year, season)
    inputs = session.effective_inputs()
    for power, answer in answers(session).items():
        sets = [frozen(mirrored(session.edition, session.scenario, session.turn, inputs, session.facts,
                                point.change.power, point.change.line_id, point.change.new))
                for point in answer.points]
        assert len(sets) == len(set(sets)), (power, [point.text for point in answer.points])
        for point in answer.points:
            named = f"(on the {assess.title(point.change.power)} tab)"
            assert (named in point.text) == (point.change.power != power), point.text


def test_a_german_atomic_victory_is_named_with_its_rule() -> None:
    """An atomic-attack election that tips into a separate peace says the U.S. is defeated (62.82)."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1944, Season.FALL))
    session.set_value("election", "trigger", ["atomic"])
    election = answers(session)["election"]
    defeats = [point for point in election.points if point.fate_key[-1]]   # us_defeated
    assert defeats, [point.text for point in election.points]
    for point in defeats:
        assert "the U.S. is defeated" in point.fate and point.rule == "62.82", point.text


def test_britain_offering_again_cites_the_rule_for_a_second_surrender() -> None:
    """Britain surrendered at -3 and fights on: an offer now needs a level below -3 (59.87)."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.carry["britain"].update(surrendered=True, surrender_level=-3, surrenders=[-3], at_peace=False,
                                    surrender_turn=Turn(1941, Season.SUMMER).to_json())
    session.set_value("britain", "dp_level", 0)
    session.set_value("britain", "dp_level", -session.assess()["britain"].level)
    assert session.assess()["britain"].level == 0
    offers = [point for point in answers(session)["britain"].points if point.status.value == "offers"]
    assert offers and all(point.level < -3 and point.rule == "59.87" for point in offers), \
        [point.text for point in offers]


def test_a_power_not_in_the_scenario_is_given_no_level() -> None:
    session = sessionfile.load(ROOT / "resources" / "examples" / "britain-under-pressure-1941.awaw")
    tipping = answers(session)
    assert tipping["japan"].fate == "Japan, not in this scenario" and tipping["china"].fate.endswith("scenario")
    assert all(point.fate == f"Japan: {point.status.title.lower()}" for point in tipping["japan"].points)


def test_a_tick_that_tips_another_way_is_no_level_threshold() -> None:
    """Britain in surrender at peace, at -16: the U.S. at war resumes its war (59.86) and it offers at -15.  That is
    no threshold one level up: no number changed alone reaches one (ninth play-test)."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.set_fact("war.germany_us", None)
    session.carry["britain"].update(surrendered=True, surrender_level=-10, surrenders=[-10], at_peace=True,
                                    surrender_turn=Turn(1941, Season.FALL).to_json())
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    session.set_value("britain", "dp_level", 0)
    session.set_value("britain", "dp_level", -16 - session.assess()["britain"].level)
    britain = answers(session)["britain"]
    (point,) = britain.points
    assert point.change.direction == "tick" and point.level == -15
    assert (britain.levels_down, britain.levels_up) == (None, None)
    assert britain.distance_text.startswith("No number changed alone takes its level (-16) to a threshold")


def russia_one_level_from_defeat() -> Session:
    """Spring 1942: France and Britain in surrender, Russia at +1 (its fall to 0 is the Allied defeat, 62.91); no
    election this turn."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.carry["france"].update(surrendered=True, surrender_turn=Turn(1940, Season.SUMMER).to_json(),
                                   surrender_level=2, vichy=True)
    session.carry["britain"].update(surrendered=True, at_peace=True, surrender_level=-3, surrenders=[-3],
                                    surrender_turn=Turn(1941, Season.SUMMER).to_json())
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    session.set_value("russia", "dp_level", 0)
    session.set_value("russia", "dp_level", 1 - session.assess()["russia"].level)
    return session


def test_russias_line_says_when_it_ends_the_game() -> None:
    """France and Britain in surrender, Russia at +1: Russia's fall to 0 is the Allied defeat (62.91), and its own
    line says so, not only the election's (eighth play-test); a change that lifts the defeat says that."""
    session = russia_one_level_from_defeat()
    falls = [point for point in answers(session)["russia"].points if point.level <= 0]
    assert falls and all(point.text.endswith("; the game ends in an Allied defeat (62.91)") for point in falls)
    assert any("(60.12); the game ends" in point.text for point in falls)
    session.set_value("russia", "dp_level", session.value("russia", "dp_level") - 1)   # Russia at 0: defeat
    assert session.assess()["election"].figures["allied_defeat"]
    rises = [point for point in answers(session)["russia"].points if point.level > 0]
    assert rises and all(point.text.endswith("; it lifts the Allied defeat (62.91)") for point in rises)


def test_a_turn_without_an_election_names_no_level_in_its_distance() -> None:
    """No election this turn (62.21): the Overview shows a dash, and the distance's words name no level either."""
    session = russia_one_level_from_defeat()
    election = answers(session)["election"]
    assert not election.shows_level and election.points
    assert election.distance_text.startswith("No number changed alone takes its level to a threshold")
