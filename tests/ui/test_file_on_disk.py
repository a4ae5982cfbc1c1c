"""Files shared between windows and players: File > Open reads the file before asking about unsaved changes, and a
save over a file another window saved since asks first (play-test: the second save silently wiped the first)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import NextDialog, button, type_number


def make_window(qtbot) -> MainWindow:
    window = MainWindow(SessionStore(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))))
    qtbot.addWidget(window)
    window.show()
    return window


def press(word: str, seen: list[str]):
    def driver(box: QMessageBox) -> None:
        seen.append(box.text())
        button(box, word).click()
    return driver


def german_dp(window: MainWindow) -> int:
    return int(window.store.session.value("germany", "dp_level"))


def test_open_reads_the_file_before_asking_about_unsaved_changes(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot)
    window.show_power("germany")
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 4)
    damaged = tmp_path / "damaged.awaw"
    damaged.write_text("{ not a game", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(damaged), ""))
    seen: list[str] = []
    refusal = NextDialog(press("OK", seen), QMessageBox)
    window.action_open.trigger()
    refusal.check()
    assert len(seen) == 1 and "damaged.awaw" in seen[0] and "unchanged" in seen[0]   # no "Save them first?"
    assert german_dp(window) == 4

    good = tmp_path / "good.awaw"
    sessionfile.save(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)), good)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(good), ""))
    keep = NextDialog(press("Cancel", seen), QMessageBox)
    window.action_open.trigger()
    keep.check()
    assert seen[-1] == "This game has changes that are not saved. Save them first?"
    assert german_dp(window) == 4 and window.path is None   # the player kept the open game
    let_go = NextDialog(press("Discard", seen), QMessageBox)
    window.action_open.trigger()
    let_go.check()
    assert window.path == good and german_dp(window) != 4


def two_windows_on_one_file(qtbot, tmp_path) -> tuple[MainWindow, MainWindow, Path]:
    shared = tmp_path / "shared.awaw"
    sessionfile.save(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)), shared)
    first, second = make_window(qtbot), make_window(qtbot)
    for window in (first, second):
        assert window.open_path(shared, confirmed=True)
        window.show_power("germany")
    type_number(qtbot, first.power_tabs["germany"], "German DP level", -2)
    first.action_save.trigger()
    type_number(qtbot, second.power_tabs["germany"], "German DP level", 5)
    return first, second, shared


def test_saving_over_a_file_another_window_saved_asks_and_cancel_keeps_it(qtbot, tmp_path):
    first, second, shared = two_windows_on_one_file(qtbot, tmp_path)
    seen: list[str] = []

    def cancel(box: QMessageBox) -> None:
        seen.append(box.text())
        assert box.defaultButton() is button(box, "Save As\u2026")   # Enter keeps both games
        button(box, "Cancel").click()

    question = NextDialog(cancel, QMessageBox)
    second.action_save.trigger()
    question.check()
    assert "shared.awaw was saved by another window or program" in seen[0]
    assert sessionfile.load(shared).value("germany", "dp_level") == -2   # the first window's save is kept
    assert not second.store.undo_stack.isClean()
    first.store.undo_stack.setClean()
    second.store.undo_stack.setClean()


def test_replace_it_overwrites_and_save_as_keeps_both(qtbot, tmp_path):
    first, second, shared = two_windows_on_one_file(qtbot, tmp_path)
    other = tmp_path / "mine.awaw"
    second.save_as = lambda: second.save_to(other)   # the file dialog's answer
    keep_both = NextDialog(press("Save As\u2026", []), QMessageBox)
    second.action_save.trigger()
    keep_both.check()
    assert sessionfile.load(shared).value("germany", "dp_level") == -2
    assert sessionfile.load(other).value("germany", "dp_level") == 5 and second.path == other

    type_number(qtbot, first.power_tabs["germany"], "German DP level", 1)
    first.action_save.trigger()   # nobody else wrote shared.awaw since the first window saved it: no question
    assert sessionfile.load(shared).value("germany", "dp_level") == 1
    third = make_window(qtbot)
    assert third.open_path(shared, confirmed=True)
    first.save_to(shared)   # the first window again, the file untouched by the third: no question
    third.show_power("germany")
    type_number(qtbot, third.power_tabs["germany"], "German DP level", 3)
    first_save = NextDialog(press("Replace it", []), QMessageBox)
    third.action_save.trigger()
    first_save.check()
    assert sessionfile.load(shared).value("germany", "dp_level") == 3
    for window in (first, second, third):
        window.store.undo_stack.setClean()
