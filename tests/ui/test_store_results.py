"""The window's results never drift from the rules: whatever a player enters, undoes and redoes, the store's results
equal a fresh assessment of its session (the store re-assesses only what a change can reach, and reuses the
assessment it made to check a value)."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.ui.awaw.store import SessionStore

from ..core.tipping_sessions import _value


@settings(max_examples=60, deadline=None)
@given(edition=st.sampled_from(list(Edition)), data=st.data())
def test_results_equal_a_fresh_assessment_after_any_entries_undos_and_redos(qapp, edition, data):
    store = SessionStore(Session.new(edition, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)))
    for _ in range(data.draw(st.integers(1, 12))):
        action = data.draw(st.sampled_from(("enter", "enter", "enter", "undo", "redo")))
        if action == "undo":
            store.undo_stack.undo()
        elif action == "redo":
            store.undo_stack.redo()
        else:
            power = data.draw(st.sampled_from(assess.ORDER))
            lines = [line for line in store.session.lines(power) if line.input_kind != "derived"]
            line = data.draw(st.sampled_from(lines))
            with contextlib.suppress(RulesInputError):   # refused (the window says so): nothing stored
                store.set_value(power, line.id, _value(data.draw, line))
        assert store.results == store.session.assess()
