"""Driving the Europa window as players do: tabs, buttons, typed entries, choices (each as a player's own)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QListWidget, QSpinBox

from tests.ui.helpers import NextDialog, find, press


def label(root, name):
    return find(root, name, QLabel).text()


def show_tab(qtbot, window, title):
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert window.tabs.currentIndex() == index
    return window.tabs.widget(index)


def tabs(window):
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def pick(root, name, text):
    """Choose ``text`` in the combo box named ``name``, as a player's click does (``activated`` follows)."""
    combo = find(root, name, QComboBox)
    index = combo.findText(text)
    assert index >= 0, f"{name}: no {text!r} in {[combo.itemText(i) for i in range(combo.count())]}"
    assert combo.isEnabled(), f"{name} is disabled"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def type_line(qtbot, root, name, text, key=Qt.Key.Key_Return):
    line = find(root, name, QLineEdit)
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, key)


def type_box(qtbot, root, name, value):
    """Type a number into a number box and finish with Enter."""
    box = find(root, name, QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), str(value))
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert box.value() == value, f"{name}: typed {value}, shows {box.text()}"


def items(root, name):
    widget = find(root, name, QListWidget)
    return [widget.item(i).text() for i in range(widget.count())]


def end_turn(qtbot, window):
    show_tab(qtbot, window, "Turn track")
    press(qtbot, window, "End turn")
    return window.game.turn


def events(window):
    """This turn's events, as the Turn track lists them."""
    return items(window.track, "This turn's events")


def surrender(qtbot, panel, nation, confirm=True):
    """Press "The nation surrenders" and answer the question it asks (56.A): confirmed, or "Don't record it"."""
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []

    def answer(box):
        asked.append(f"{box.text()}\n{box.informativeText()}")
        press(qtbot, box, f"{nation} surrenders" if confirm else "Don't record it")

    hands = NextDialog(answer, QMessageBox)
    press(qtbot, panel, "The nation surrenders")
    hands.check()
    return asked[0]
