"""``Session.entry_trial``: the copy the window tries an entry on before making it (a tick on a fact of the war,
a value on a table) has entries and facts of its own; trying never changes the game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session

FLAGS = [item.id for item in war_facts.FACTS if item.kind == "flag"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(FLAGS), st.booleans()), max_size=6), st.integers(-10, 10))
def test_trying_entries_leaves_the_game_as_it_was(flags, dp_level):
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    session.set_value("germany", "dp_level", 3)
    before = session.snapshot()
    trial = session.entry_trial()
    for fact_id, value in flags:
        trial.set_fact(fact_id, value)
    trial.set_value("germany", "dp_level", dp_level)
    trial.set_value("britain", "axis_holds", ["malta"])   # a line showing facts of the war
    trial.clear_value("germany", "dp_level")
    assert session == before
    assert trial.history is session.history and trial.carry is session.carry   # the rest is shared, not copied
    again = session.entry_trial()
    for fact_id, value in flags:
        again.set_fact(fact_id, value)
        session.set_fact(fact_id, value)
    assert again.facts == session.facts and again.assess() == session.assess()
