"""Undo that survives a save: reopen a game and undo its last ends of turn; go back to a past turn."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.go_back import GoBackDialog
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import tick

SPRING_1942 = Turn(1942, Season.SPRING)


def open_window(qtbot):
    window = MainWindow(SessionStore(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, SPRING_1942)))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    return window


def test_a_reopened_game_undoes_its_last_ends_of_turn(qtbot, tmp_path):
    window = open_window(qtbot)
    tick(qtbot, window.power_tabs["germany"], "Germany controls Berchtesgaden", False)
    window.apply_end_turn({})
    window.apply_end_turn({})
    assert window.store.session.turn == Turn(1942, Season.FALL)
    path = tmp_path / "club.awaw"
    assert window.save_to(path)
    again = open_window(qtbot)
    assert again.open_path(path, confirmed=True)
    assert again.store.session.turn == Turn(1942, Season.FALL)
    assert again.store.undo_stack.canUndo()
    assert "End of Summer 1942" in again.store.undo_stack.undoText()
    again.store.undo_stack.undo()
    assert again.store.session.turn == Turn(1942, Season.SUMMER)
    assert len(again.store.session.history) == 1
    again.store.undo_stack.undo()
    assert again.store.session.turn == SPRING_1942
    assert again.store.session.history == []
    # the entered facts of that moment are back too, and redo goes forward again
    assert again.store.session.value("germany", "berchtesgaden") is False
    again.store.undo_stack.redo()
    again.store.undo_stack.redo()
    assert again.store.session.turn == Turn(1942, Season.FALL)
    assert len(again.store.session.history) == 2


def test_go_back_to_an_earlier_turn_is_one_undoable_step(qtbot):
    window = open_window(qtbot)
    for _ in range(3):
        window.apply_end_turn({})
    assert window.store.session.turn == Turn(1942, Season.WINTER)

    def choose() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, GoBackDialog)
        dialog.steps.setCurrentRow(dialog.steps.count() - 2)   # before the end of Summer 1942
        dialog.ok.click()

    QTimer.singleShot(0, choose)
    window.action_go_back.trigger()
    assert window.store.session.turn == Turn(1942, Season.SUMMER)
    assert len(window.store.session.history) == 1
    assert window.store.undo_stack.undoText().startswith("Go back to before End of Summer 1942")
    window.store.undo_stack.undo()
    assert window.store.session.turn == Turn(1942, Season.WINTER)


def test_checkpoints_cost_little_in_the_file():
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL))
    plain = len(sessionfile.dumps(session))
    from awaw_desktop.core.awaw.session import apply_end_of_turn

    for _ in range(30):
        session.checkpoints.append(session.checkpoint(f"End of {session.turn.title}"))
        apply_end_of_turn(session)
    with_points = len(sessionfile.dumps(session))
    without = session.checkpoints
    session.checkpoints = []
    history_only = len(sessionfile.dumps(session))
    session.checkpoints = without
    assert with_points - history_only < 8_000, (plain, history_only, with_points)
    reloaded = sessionfile.loads(sessionfile.dumps(session))
    assert reloaded.checkpoints == session.checkpoints


def test_a_damaged_checkpoint_blob_is_refused_in_words():
    session = Session.new()
    document = sessionfile.to_json(session)
    document["checkpoints"] = "not base64 at all!"
    try:
        sessionfile.from_json(document)
    except sessionfile.SessionFileError as error:
        assert "undo checkpoints cannot be read" in str(error)
    else:
        raise AssertionError("a damaged checkpoint blob was accepted")


def test_an_old_file_whose_tabs_disagreed_opens_and_says_what_was_kept(qtbot):
    from pathlib import Path

    window = open_window(qtbot)
    shown = []
    window.show_reconciled = lambda name, notes: shown.append((name, notes))
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "session-v1-every-power.awaw"
    assert window.open_path(fixture, as_example=True, confirmed=True)
    assert shown and shown[0][0] == "session-v1-every-power.awaw"
    assert any("U.S. at war with Germany" in note for note in shown[0][1])
    # one fact, one answer on every tab
    session = window.store.session
    assert session.value("france", "us_at_war_with_germany") == ("united_states" in session.value("britain",
                                                                                                   "powers_at_war"))


def test_a_checkpoint_bomb_is_refused_without_inflating_it():
    import base64
    import zlib

    session = Session.new()
    document = sessionfile.to_json(session)
    document["checkpoints"] = base64.b64encode(zlib.compress(b"[" + b" " * (80 * 1024 * 1024) + b"]", 9)).decode()
    try:
        sessionfile.from_json(document)
    except sessionfile.SessionFileError as error:
        assert "too large" in str(error)
    else:
        raise AssertionError("an 80 MB checkpoint blob was accepted")
