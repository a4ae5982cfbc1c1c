"""The end-of-turn checks run in rule order, each seeing what the checks before it settled (seventh play-test:
Britain's surrender accepted at the end of turn reached Russia's table a turn later than through its wizard)."""

from __future__ import annotations

from awaw_desktop.core.awaw import assess, facts_settled
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, preview_end_of_turn


def britain_offering() -> Session:
    """Fall 1940, France out: Britain at -3 offers to surrender; Russia reads Britain among the Western Allies
    at war with Germany."""
    session = Session.new(Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1940, Season.FALL))
    session.carry["france"].update(surrendered=True, surrender_turn=Turn(1940, Season.SUMMER).to_json(),
                                   surrender_level=0, vichy=True)
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    session.set_fact("war.germany_russia", Turn(1940, Season.FALL).to_json())
    session.set_value("britain", "dp_level", 0)
    session.set_value("britain", "dp_level", -3 - session.assess()["britain"].level)
    assert session.assess()["britain"].status is Status.OFFERS
    return session


ACCEPT = {"britain_accept_offer": "accept", "britain_conciliation_points": "0", "britain_far_east": "no-war"}


def test_russia_s_check_sees_britain_out_of_the_war_once_germany_accepts() -> None:
    session = britain_offering()
    before = preview_end_of_turn(session)   # Germany declines by default: Britain fights on
    accepted = preview_end_of_turn(session, ACCEPT)
    assert accepted.results["russia"].level == before.results["russia"].level - 1   # 60.11: one ally fewer
    assert accepted.results["britain"] == before.results["britain"]   # its own check saw it offer


def test_the_same_turn_ends_alike_through_the_answer_or_after_the_wizard() -> None:
    """Accepting at the end of turn gives the later checks what recording the surrender first gives them."""
    answered = britain_offering()
    report = apply_end_of_turn(answered, ACCEPT)
    walked = britain_offering()
    walked.carry["britain"] = dict(report.new_carry["britain"])   # what the wizard would have recorded
    facts_settled.settle_from_carry(walked.facts, walked.carry, walked.turn)
    later = preview_end_of_turn(walked)
    for power in ("russia", "china", "election"):
        assert report.results[power].level == later.results[power].level, power
        assert report.results[power].status == later.results[power].status, power


def test_a_line_not_given_keeps_its_default_when_a_war_ends() -> None:
    inputs = facts_settled.without_wars({"france": {"paris_axis": True}}, {"war.germany_britain"})
    assert "russia" not in inputs or "western_allies_at_war" not in inputs["russia"]
    assert inputs["france"] == {"paris_axis": True}
    assert assess.RULE_ORDER.index("britain") < assess.RULE_ORDER.index("russia")
