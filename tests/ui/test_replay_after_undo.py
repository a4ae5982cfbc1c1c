"""Steps made and undone never make an honest game's record fail its replay (found by the full-size fault hunt,
issue 38): a reopened example, two ends of turn and carried-value changes after it, all undone, left verify naming
the example's own end of turn "later undone" with a state the rules did not give."""

from __future__ import annotations

from pathlib import Path

from awaw_desktop.core.awaw import game_record, sessionfile
from awaw_desktop.core.awaw.replay import replay
from awaw_desktop.core.awaw.session import apply_end_of_turn
from awaw_desktop.ui.awaw.store import SessionStore

EXAMPLE = Path(__file__).resolve().parents[2] / "resources" / "examples" / "france-about-to-fall-1940.awaw"


def test_steps_made_after_a_reopened_end_of_turn_and_undone_leave_the_replay_clean(qapp):
    store = SessionStore(sessionfile.load(EXAMPLE))
    store.replace_session(store.session, reopened=True)   # its end of turn undoable again, as File > Open does
    first = store.undo_stack.index()
    for total in (3, -4):
        store.change_session("End of turn", lambda session: apply_end_of_turn(session, {}))
        store.change_session("Japan carried", lambda session, total=total:
                             session.set_carry("japan", "cumulative_total", total))
    assert replay(store.session) == []
    store.undo_stack.setIndex(first)
    assert replay(store.session) == []
    assert game_record.check_against_record(store.session, store.session.record) is None
    store.undo_stack.undo()   # the example's own end of turn, undone: its replay compares its digest
    assert replay(store.session) == []
    store.undo_stack.setIndex(store.undo_stack.count())   # and everything redone
    assert replay(store.session) == []
