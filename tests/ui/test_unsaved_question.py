"""The question before a game with changes is closed: the player reads it and presses one of its buttons."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import NextDialog, button, tick


def make_window(qtbot) -> MainWindow:
    window = MainWindow(SessionStore(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))))
    qtbot.addWidget(window)
    window.show()
    return window


def answer(word: str, seen: list[str]):
    def driver(box: QMessageBox) -> None:
        seen.append(box.text())
        assert box.defaultButton() is button(box, "Save")   # Enter saves: it never loses work
        button(box, word).click()
    return driver


def test_cancel_keeps_the_game_and_discard_lets_it_go(qtbot, tmp_path):
    window = make_window(qtbot)
    window.show_power("germany")
    tick(qtbot, window.power_tabs["germany"], "Germany controls Berlin", False)
    seen: list[str] = []
    cancel = NextDialog(answer("Cancel", seen), QMessageBox)
    assert not window.close()
    cancel.check()
    assert seen == ["This game has changes that are not saved. Save them first?"]
    assert window.isVisible() and window.store.session.value("germany", "berlin") is False
    discard = NextDialog(answer("Discard", seen), QMessageBox)
    assert window.close()
    discard.check()


def test_save_asks_where_and_then_closes(qtbot, tmp_path):
    window = make_window(qtbot)
    window.show_power("germany")
    tick(qtbot, window.power_tabs["germany"], "Germany controls Berlin", False)
    target = tmp_path / "kept.awaw"
    window.save_as = lambda: window.save_to(target)   # the file dialog's answer
    saving = NextDialog(answer("Save", []), QMessageBox)
    assert window.close()
    saving.check()
    assert target.is_file()
