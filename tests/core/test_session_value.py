"""The session as a value (issue 15 wrote it out instead of a dataclass): built with its defaults, equal field by
field except for what opening an older file noted, copied for undo without sharing what changes."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn

START = Turn(1939, Season.FALL)


def test_a_session_built_from_its_first_four_fields_has_every_default():
    session = Session(Edition.UPDATED, Scenario.GLOBAL_WAR, START, START)
    assert session.players == {"axis": "", "allied": ""} and session.title == ""
    assert session.inputs == {} and session.outcomes == {} and session.history == [] and session.dice == []
    assert set(session.carry) >= {"germany", "britain", "election"} and session.facts
    assert session.checkpoints == [] and session.load_notes == []
    other = Session(Edition.UPDATED, Scenario.GLOBAL_WAR, START, START)
    assert other == session and other.inputs is not session.inputs and other.facts is not session.facts


def test_equal_is_field_by_field_and_the_notes_of_an_older_file_do_not_count():
    session, other = Session.new(title="Ada v Bruno"), Session.new(title="Ada v Bruno")
    other.load_notes.append("U.S. at war with Germany: the tabs disagreed")
    assert session == other
    other.title = "Another game"
    assert session != other
    assert session != "Ada v Bruno" and Session.__hash__ is None   # a mutable value: not a dict key
    assert repr(session).startswith("Session(edition=") and "title='Ada v Bruno'" in repr(session)


@settings(max_examples=25, deadline=None)
@given(turns=st.integers(min_value=0, max_value=4), dp=st.integers(min_value=-5, max_value=5))
def test_a_snapshot_is_equal_and_changes_apart(turns, dp):
    session = Session.new()
    for _ in range(turns):
        apply_end_of_turn(session)
    session.set_value("germany", "dp_level", dp)
    twin = session.snapshot()
    assert twin == session and copy.copy(session) == session
    twin.set_value("germany", "dp_level", dp + 1)
    assert twin != session and session.value("germany", "dp_level") == dp
    session.restore(twin)
    assert session == twin
