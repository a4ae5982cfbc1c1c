"""The recovery copy is written from a timer: it never raises (issue 30, class 2)."""

from __future__ import annotations

from awaw_desktop.core.files.recovery import RecoveryStore
from tests.ui.test_main_window import make_window


def test_an_autosave_of_a_game_no_file_can_hold_says_so_and_never_raises(qtbot, tmp_path):
    """Issue 30, class 2: the recovery copy is written from a timer; a game too large for a file (as an undo rebuilt
    from a file could once give back) is told in the status bar, and the game stays as it is."""
    recovery = RecoveryStore(tmp_path / "recovery")
    window = make_window(qtbot, recovery=recovery)
    window.store.set_value("germany", "dp_level", 4)
    window.store.session.outcomes["france"] = {"note": "x" * 5_300_000}
    window.autosave_timer.setInterval(0)
    window.autosave_timer.start()
    qtbot.waitUntil(lambda: "Could not write the recovery file" in window.statusBar().currentMessage(), timeout=5000)
    assert "too large" in window.statusBar().currentMessage()
    window.finish_recovery_writes()
    assert recovery.list() == [] and window.store.session.value("germany", "dp_level") == 4
