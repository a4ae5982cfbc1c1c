"""Japan's note on its cumulative clock (57.14A) says when the war broke out once The war tab has it, rather than
asking for the war turn it already shows (ninth play-test)."""

from __future__ import annotations

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session


def clock_note(session: Session) -> str:
    return next(item.text for item in session.assess()["japan"].consequences if item.rule == "57.14A")


def test_without_a_war_the_note_asks_for_the_war_turn() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.WINTER))
    for key in ("war.japan_us", "war.japan_britain", "war.japan_russia"):
        session.set_fact(key, None)
    assert "set the war turn" in clock_note(session)


def test_with_the_war_just_begun_the_note_names_its_turn() -> None:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.WINTER))
    session.set_fact("war.japan_britain", Turn(1939, Season.WINTER).to_json())
    note = clock_note(session)
    assert "Winter 1939" in note and "set the war turn" not in note
