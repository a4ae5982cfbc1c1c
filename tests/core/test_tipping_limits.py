"""The tipping search offers only changes the players could still make this turn (fifth play-test): no war a
recorded surrender ended is reopened (58.1, 59.4 ...), and no 1945 Year Start Sequence election outside 1945
(62.21A)."""

from __future__ import annotations

from awaw_desktop.core.awaw import facts_settled
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.election_table import TRIGGER, Trigger
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.tipping import tipping_points
from awaw_desktop.core.awaw.tipping_changes import Change
from awaw_desktop.core.awaw.tipping_limits import Limits


def france_fallen(turn: Turn, edition: Edition = Edition.UPDATED) -> Session:
    """A Global War game in which France surrendered in Summer 1940, as the French wizard records it."""
    session = Session.new(edition, Scenario.GLOBAL_WAR, turn)
    session.carry["france"].update(surrendered=True, surrender_turn=Turn(1940, Season.SUMMER).to_json(),
                                   surrender_level=2, vichy=True)
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    assert session.facts["war.germany_france"] is None
    return session


def answers(session: Session):
    return tipping_points(session.edition, session.scenario, session.turn, session.effective_inputs(),
                          session.effective_carry(), facts=session.facts)


def test_no_power_is_told_that_france_at_war_again_would_tip_it() -> None:
    session = france_fallen(Turn(1941, Season.SPRING))
    session.set_value("russia", "dp_level", -1)   # Russia at 0: one more Western Ally at war would lift it
    for power, answer in answers(session).items():
        reopened = [point.text for point in answer.points if "tick France" in point.change.text]
        assert not reopened, f"{power}: {reopened}"


def test_with_france_still_fighting_its_war_is_a_tipping_point_as_before() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1941, Season.SPRING))
    session.set_fact("war.germany_france", None)   # France not at war yet, nobody surrendered: it may be
    session.set_value("russia", "dp_level", -1)
    texts = [point.text for point in answers(session)["russia"].points]
    assert any("tick France" in text for text in texts), texts


def test_the_1945_election_is_offered_only_in_1945() -> None:
    early, late = (Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(year, Season.SPRING))
                   for year in (1941, 1945))
    for session in (early, late):   # a high Axis DP level: an election held now would go the Axis's way
        session.set_value("election", "axis_dp", 20)
    yss = [Trigger.YSS_1945.value]
    change = Change("election", TRIGGER.id, "62.21", [], yss, "Election held this turn: tick 1945", 1, "tick")
    assert Limits(early.turn, early.carry, early.facts).why_not(change) == \
        "the 1945 Year Start Sequence's election is held only in 1945 (62.21A)"
    assert Limits(late.turn, late.carry, late.facts).why_not(change) is None
    offered = [[point.text for point in answer.points
                if point.change.line_id == TRIGGER.id and Trigger.YSS_1945.value in point.change.new]
               for answer in (answers(early)["election"], answers(late)["election"])]
    assert offered[0] == [] and offered[1], offered


def test_limits_say_why_a_reopened_war_is_ruled_out() -> None:
    session = france_fallen(Turn(1941, Season.SPRING))
    change = Change("russia", "western_allies_at_war", "60.11", [], ["france"],
                    "Western Allied powers at war with Germany: tick France", 1, "tick")
    why = Limits(session.turn, session.effective_carry(), session.facts).why_not(change)
    assert why is not None and "France has surrendered (58.1)" in why


def test_a_change_that_lifts_the_allied_defeat_says_so() -> None:
    """France and Britain out, Russia at 0: the Allied defeat (62.91).  A Russian DP level of 1 lifts it,
    and the election's tipping point says so rather than only "no effect"."""
    session = france_fallen(Turn(1941, Season.SPRING))
    session.carry["britain"].update(surrendered=True, at_peace=True, surrender_level=-3)
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    session.set_value("russia", "dp_level", 0)
    session.set_value("russia", "dp_level", -session.assess()["russia"].level)
    results = session.assess()
    assert results["russia"].level == 0 and results["election"].figures["allied_defeat"]
    lifted = [point.text for point in answers(session)["election"].points
              if point.change.power == "russia" and point.change.direction == "up"]
    assert lifted and lifted[0].endswith("no Allied defeat (62.91)"), lifted


def test_a_power_left_out_of_the_scenario_says_so_rather_than_no_threshold() -> None:
    """Fifth play-test: a Pacific game's Germany read "Next threshold: none within one change"."""
    session = Session.new(Edition.ORIGINAL, Scenario.PACIFIC, Turn(1941, Season.WINTER))
    tipping = answers(session)
    for power in ("germany", "italy", "france", "britain", "russia", "election"):
        assert tipping[power].distance_text == "Not in this scenario: nothing this turn changes its fate.", power
    assert tipping["japan"].distance_text.startswith("Next threshold:")
