"""Italy's war with the Western Allies begun after 1940 on The war tab asks who declared it (56.12A/B)."""

from __future__ import annotations

from awaw_desktop.core.awaw.checklist import italian_entry
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session


def italy_at_war_since(year: int) -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1943, Season.FALL))
    session.set_fact("war.italy_wa", Turn(year, Season.SUMMER).to_json())
    return session


def test_a_war_of_1940_needs_no_answer() -> None:
    assert italian_entry(italy_at_war_since(1940)) == []


def test_a_later_war_asks_until_one_side_is_entered() -> None:
    session = italy_at_war_since(1942)
    (check,) = italian_entry(session)
    assert check.rule == "56.12" and "Summer 1942" in check.text and "-2" in check.text
    assert check.place == ("line", "italy", "late_entry_years")
    session.set_value("italy", "wa_declared_war", True)
    assert italian_entry(session) == []


def test_years_that_disagree_with_the_war_tab_are_named() -> None:
    session = italy_at_war_since(1942)
    session.set_value("italy", "late_entry_years", 1)
    (check,) = italian_entry(session)
    assert check.rule == "56.12B" and "1941" in check.text and "Summer 1942" in check.text
    session.set_value("italy", "late_entry_years", 2)
    assert italian_entry(session) == []


def test_no_war_no_question() -> None:
    session = italy_at_war_since(1942)
    session.set_fact("war.italy_wa", None)
    assert italian_entry(session) == []
