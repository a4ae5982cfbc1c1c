"""Issue 29: the window's keys work from any input, a number box included (as Ctrl+Z did), and the README lists
every one of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog
from awaw_desktop.ui.awaw.main_window import MainWindow

from .helpers import NextDialog, find, painted

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture
def window(qtbot):
    shown = MainWindow()
    shown.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # teardown must not ask
    qtbot.addWidget(shown)
    return shown


def in_a_number_box(qtbot, window: MainWindow, power: str = "germany", name: str = "German DP level"):
    window.show()
    painted(qtbot, window)
    window.show_power(power)
    box = find(window, name)
    box.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() in (box, box.lineEdit()))
    box.lineEdit().selectAll()
    return box.lineEdit()


def test_ctrl_e_ends_the_turn_from_a_number_box(qtbot, window):
    line = in_a_number_box(qtbot, window)
    qtbot.keyClicks(line, "3")
    cancelled = NextDialog(lambda dialog: dialog.reject(), EndOfTurnDialog)
    qtbot.keyClick(line, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    dialog = cancelled.check()
    assert isinstance(dialog, QDialog) and dialog.windowTitle().startswith("End of the Allied player turn")
    assert window.store.value("germany", "dp_level") == 3   # the typing was finished before the dialog came


def test_ctrl_digits_and_what_if_from_a_number_box(qtbot, window):
    line = in_a_number_box(qtbot, window)
    qtbot.keyClick(line, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Britain"
    line = in_a_number_box(qtbot, window, "britain", "British DP level")
    qtbot.keyClick(line, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not None)
    what_if = QApplication.activeModalWidget()
    assert what_if.windowTitle() == "What-if"
    what_if.reject()


def test_a_box_keeps_its_own_editing_keys(qtbot, window):
    line = in_a_number_box(qtbot, window)
    qtbot.keyClicks(line, "12")
    qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert line.selectedText() == "12"


def test_the_readme_lists_every_key_of_the_window(qtbot, window):
    window.show()
    painted(qtbot, window)
    keyboard = README.read_text(encoding="utf-8").split("- **Keyboard**:")[1].split("\n- **")[0]
    listed = set(re.findall(r"(?:Ctrl|Shift|Alt|F\d)[\w+=\-]*", keyboard))
    if "Ctrl+1 ... Ctrl+9" in " ".join(keyboard.split()):
        listed |= {f"Ctrl+{digit}" for digit in range(1, 10)}
    keys = {sequence.toString() for action in window.findChildren(type(window.action_save))
            for sequence in action.shortcuts()}
    keys |= {sequence.toString() for shortcut in window.tab_shortcuts for sequence in shortcut.keys()}  # noqa: SIM118
    assert "Ctrl+Shift+W" in keys and "Ctrl+E" in keys
    # The platform's extra bindings of a standard action (a keyboard's own "Save" key, Alt+Backspace for Undo)
    # are not ours to list.
    ours = {key for key in keys if key.startswith("Ctrl+") or re.fullmatch(r"F\d+", key)}
    missing = sorted(key for key in ours if key not in listed)
    assert not missing, f"the README's Keyboard paragraph lacks {missing}"


def test_enter_creates_a_fall_1939_game_on_the_first_page_of_new_game(qtbot):
    from awaw_desktop.ui.shell.new_game import NewSessionDialog

    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    finish = dialog.button(dialog.WizardButton.FinishButton)
    following = dialog.button(dialog.WizardButton.NextButton)
    assert finish.isDefault() and not following.isDefault()
    dialog.game_page.game_title.setFocus()
    with qtbot.waitSignal(dialog.accepted, timeout=3000):
        qtbot.keyClick(dialog.game_page.game_title, Qt.Key.Key_Return)
    assert dialog.game() is not None and dialog.game().turn.title == "Fall 1939"


def test_enter_goes_to_the_campaign_so_far_for_a_late_start(qtbot):
    from awaw_desktop.ui.shell.new_game import NewSessionDialog

    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.part("awaw").rows.year.setValue(1942)
    following = dialog.button(dialog.WizardButton.NextButton)
    assert following.isDefault() and not dialog.button(dialog.WizardButton.FinishButton).isDefault()
    dialog.game_page.game_title.setFocus()
    qtbot.keyClick(dialog.game_page.game_title, Qt.Key.Key_Return)
    assert dialog.currentPage() is dialog.part("awaw").late_page
    assert dialog.game() is None
