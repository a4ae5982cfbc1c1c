"""Japan, at war with Britain alone when Britain surrenders, may end hostilities with it (59.891C): the war's
facts then say Japan and Britain are at peace, once, at the surrender; Japan may declare war again later
(59.892C) and that war stands."""

from __future__ import annotations

from awaw_desktop.core.awaw import facts_settled
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn


def britain_offering_japan_at_war_with_britain() -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1941, Season.FALL))
    session.carry["france"].update(surrendered=True, surrender_turn=Turn(1940, Season.SUMMER).to_json(),
                                   surrender_level=0, vichy=True)
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    session.set_fact("war.japan_britain", Turn(1941, Season.SUMMER).to_json())
    session.set_fact("war.japan_us", None)
    session.set_value("britain", "dp_level", 0)
    session.set_value("britain", "dp_level", -3 - session.assess()["britain"].level)
    assert session.assess()["britain"].status is Status.OFFERS
    return session


def accept(far_east: str) -> dict[str, str]:
    return {"britain_accept_offer": "accept", "britain_conciliation_points": "0", "britain_far_east": far_east}


def test_japan_adhering_to_the_peace_ends_its_war_with_britain() -> None:
    session = britain_offering_japan_at_war_with_britain()
    apply_end_of_turn(session, accept("japan-adheres"))
    assert session.carry["britain"]["surrendered"] and session.facts["war.japan_britain"] is None
    said = [event.text for event in session.history[-1].events]
    assert any("Japan" in text and "59.891C" in text for text in said), said


def test_japan_fighting_on_keeps_its_war_with_britain() -> None:
    session = britain_offering_japan_at_war_with_britain()
    apply_end_of_turn(session, accept("japan-fights-on"))
    assert session.facts["war.japan_britain"] == Turn(1941, Season.SUMMER).to_json()


def test_a_war_japan_declares_later_stands_at_the_next_ends_of_turn() -> None:
    session = britain_offering_japan_at_war_with_britain()
    apply_end_of_turn(session, accept("japan-adheres"))
    apply_end_of_turn(session)
    declared = session.turn.to_json()
    session.set_fact("war.japan_britain", declared)   # 59.892C: with the U.S. too, from the second turn on
    session.set_fact("war.japan_us", declared)
    apply_end_of_turn(session)
    assert session.facts["war.japan_britain"] == declared
