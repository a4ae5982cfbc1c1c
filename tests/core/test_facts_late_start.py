"""A game joining a campaign under way: which wars a scenario's tables read, when a start is late, and a
surrendered power whose level nobody entered (56.31, 58.22, 59.41)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import checklist, facts_settled
from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import FIRST_YEAR, LAST_YEAR, Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session

turns = st.builds(Turn, st.integers(FIRST_YEAR, LAST_YEAR), st.sampled_from(list(Season)))


@given(turns)
def test_a_start_is_late_exactly_after_the_war_began(start):
    assert war_facts.is_late_start(start) == (start.number > Turn(1939, Season.FALL).number)


@given(turns)
def test_a_late_start_is_the_only_one_whose_wars_as_fought_differ_from_a_new_game(start):
    fresh = war_facts.starting_facts(start)
    differs = any(war_facts.historical_war(item.id, start) != fresh[item.id]
                  for item in war_facts.FACTS if item.kind == "war")
    assert not differs or war_facts.is_late_start(start)


def test_japan_clock_wars_are_read_as_each_edition_counts_them():
    assert ("japan", "") in war_facts.read_by("war.japan_russia", Edition.UPDATED)
    assert ("japan", "") not in war_facts.read_by("war.japan_russia", Edition.ORIGINAL)
    assert ("japan", "") in war_facts.read_by("war.japan_us", Edition.ORIGINAL)
    assert ("france", "us_at_war_with_germany") in war_facts.read_by("war.germany_us", Edition.UPDATED)


def test_in_the_pacific_no_table_that_applies_reads_a_war_with_germany():
    session = Session.new(Edition.UPDATED, Scenario.PACIFIC, Turn(1942, Season.SPRING))
    results = session.assess()
    for fact_id in ("war.germany_france", "war.germany_britain", "war.germany_russia", "war.germany_us",
                    "war.italy_wa"):
        readers = war_facts.read_by(fact_id, session.edition)
        assert readers and all(results[power].status is Status.NOT_APPLICABLE for power, _line in readers)


@given(st.sampled_from(sorted(checklist.SURRENDER_LEVEL_RULES)), st.one_of(st.none(), st.integers(-2, 0)))
def test_a_surrender_without_a_level_is_on_the_check_list_and_nowhere_read_as_none(power, level):
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.carry[power].update(surrendered=True, surrender_level=level,
                                surrender_turn=Turn(1941, Season.WINTER).to_json())
    for fact_id, _who, _rule in facts_settled.ended_by_surrenders(session.carry):
        session.facts[fact_id] = None
    results = session.assess()
    found = [check for check in checklist.checks(session, results) if "surrender level was never entered" in check.text]
    if level is None:
        assert [(check.rule, check.place) for check in found] == \
            [(checklist.SURRENDER_LEVEL_RULES[power], ("line", power, ""))]
    else:
        assert found == []
    shown = " ".join([results[power].verdict, *(c.text for c in results[power].consequences)])
    assert "None" not in shown
