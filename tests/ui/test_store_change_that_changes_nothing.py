"""A change that changes nothing is no step (found by tools/fault_hunt.py, issue 38): the same carried value set
twice, everything undone and redone, left a game that no longer agreed with its record."""

from __future__ import annotations

from awaw_desktop.core.awaw import game_record
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.store import SessionStore


def test_the_same_change_twice_is_one_step_and_undo_redo_keeps_the_record(qapp):
    store = SessionStore(Session.new(title="Same change twice"))
    for _ in range(2):
        store.change_session("Japan carried", lambda session: session.set_carry("japan", "cumulative_total", 3),
                             kind="adjusted")
    assert store.undo_stack.count() == 1
    entries = len(store.session.record.entries)
    while store.undo_stack.canUndo():
        store.undo_stack.undo()
    while store.undo_stack.canRedo():
        store.undo_stack.redo()
    assert game_record.check_against_record(store.session, store.session.record) is None
    assert len(store.session.record.entries) > entries   # the undo and the redo are recorded, nothing erased
    assert store.session.effective_carry()["japan"]["cumulative_total"] == 3
