"""A 5,000-digit number pasted into a number box is refused like any number out of range (issue 38: Python's
``int()`` refuses more than 4,300 digits and the app ended with SIGSEGV inside the box's event handler).  Every
number box on every tab of both families' windows takes the paste; and no exception escapes an event handler."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox, QSpinBox

from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import excepthook
from awaw_desktop.ui.shell.number_box import NumberBox, typed_number
from tests.ui.europa.every_europa_screen import busy_game
from tests.ui.test_main_window import make_window

PASTED = "9" * 5000
SAID = "999999999999... (a number of 5,000 digits) is out of range"


def europa_window(qtbot):
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(busy_game(), None)
    window.resize(1366, 768)
    window.show()
    return window


def shown_words(window: QMainWindow) -> str:
    """What the window says: its status bar and its visible message lines."""
    labels = [label.text() for label in window.findChildren(QLabel) if label.isVisible()]
    return "\n".join([window.statusBar().currentMessage(), *labels])


def paste_into_every_box(qtbot, window: QMainWindow) -> int:
    """Each tab chosen as a player does, 5,000 digits pasted (Ctrl+V) over each box on it, then Tab."""
    QGuiApplication.clipboard().setText(PASTED)
    pasted = 0
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(10)   # a tab catches up with the game once chosen (ui/shell/follow.py)
        for box in window.tabs.widget(index).findChildren(NumberBox):
            if not (box.isVisible() and box.isEnabled()) or box.isReadOnly():
                continue
            before = box.value()
            box.setFocus()
            box.lineEdit().selectAll()
            qtbot.keyClick(box.lineEdit(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
            assert "9" * 4999 in box.lineEdit().text(), f"{box.name()}: the paste did not arrive"
            qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
            assert box.value() == before, f"{box.name()}: took {box.value()}"
            assert SAID in shown_words(window), f"{box.name()}: {shown_words(window)!r}"
            pasted += 1
    return pasted


def test_5000_digits_pasted_into_every_box_of_the_world_at_war_window_are_refused(qtbot):
    window = make_window(qtbot)
    with qtbot.waitActive(window):
        window.activateWindow()
    assert paste_into_every_box(qtbot, window) >= 20
    britain = window.power_tabs["britain"]
    window.tabs.setCurrentWidget(britain)
    dp = next(box for box in britain.findChildren(QSpinBox) if box.accessibleName() == "British DP level")
    dp.setFocus()
    dp.lineEdit().selectAll()
    qtbot.keyClick(dp.lineEdit(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(dp.lineEdit(), Qt.Key.Key_Return)
    assert window.statusBar().currentMessage() == \
        f"Not entered: British DP level: {SAID}; it must be between -60 and 60"
    assert window.store.session.value("britain", "dp_level") == 0


def test_5000_digits_pasted_into_every_box_of_the_europa_window_are_refused(qtbot):
    window = europa_window(qtbot)
    with qtbot.waitActive(window):
        window.activateWindow()
    assert paste_into_every_box(qtbot, window) >= 3


@pytest.mark.parametrize("typed, number", [
    ("-" + "0" * 40 + "7", -7), ("+" + "9" * 30, int("9" * 30)), ("9" * 31, None), ("-" + "1" * 100_000, None)])
def test_a_typed_number_of_any_length_is_read_without_int_refusing_it(typed, number):
    read = typed_number(typed)
    assert read is not None
    if number is not None:
        assert read == number and str(read) == str(number)
    else:
        assert abs(read) > int("9" * 30) and (read < 0) == typed.startswith("-")
        assert f"{read}".endswith(f"(a number of {len(typed.lstrip('+-')):,} digits)")


class Broken(NumberBox):
    """A box whose key handler fails, as a bug in one would."""

    def keyPressEvent(self, event):
        if event.key() == Qt.Key.Key_5:
            raise RuntimeError("a bug in a handler")
        super().keyPressEvent(event)


def test_an_exception_in_a_handler_is_handed_to_the_hook_and_the_app_goes_on(qtbot):
    box = Broken(name="Broken box")
    qtbot.addWidget(box)
    box.show()
    box.setFocus()
    with qtbot.capture_exceptions() as caught:
        qtbot.keyClick(box, Qt.Key.Key_5)   # an exception out of the override would reach here (or end the app)
    assert [str(error) for _kind, error, _tb in caught] == ["a bug in a handler"]
    qtbot.keyClick(box, Qt.Key.Key_Up)     # the box still answers
    assert box.value() == 1


def test_the_app_hook_logs_and_says_it_in_the_window(qtbot, capsys, monkeypatch):
    window = make_window(qtbot)
    with qtbot.waitActive(window):
        window.activateWindow()
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    excepthook.install()
    assert sys.excepthook is excepthook.app_hook
    try:
        raise ValueError("Exceeds the limit (4300 digits)")
    except ValueError as error:
        excepthook.app_hook(ValueError, error, error.__traceback__)
    assert "ValueError: Exceeds the limit (4300 digits)" in capsys.readouterr().err
    assert window.statusBar().currentMessage().startswith(
        "Something went wrong (ValueError: Exceeds the limit (4300 digits)); the app went on.")
