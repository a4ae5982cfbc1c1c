"""Dialogs and The war tab refuse a typed number out of range with a message the player sees, and an
OK / Create game click that met the refusal keeps the dialog open instead of closing on the earlier number."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QSpinBox

from awaw_desktop.core.awaw.common import FIRST_YEAR, LAST_YEAR, Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw import carried
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .helpers import find, press, text, type_number
from .test_war_facts import open_window, war_tab

CUMULATIVE = "Cumulative modifiers so far"


def shown_and_active(qtbot, widget):
    qtbot.addWidget(widget)
    widget.show()
    with qtbot.waitActive(widget):   # Tab and clicks move the focus only in the active window
        widget.activateWindow()
    return widget


def type_over(qtbot, root, name: str, keys: str) -> QSpinBox:
    spin = find(root, name, QSpinBox)
    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), keys)
    assert spin.lineEdit().text() == keys
    return spin


def carried_dialog(qtbot) -> carried.CarriedDialog:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    return shown_and_active(qtbot, carried.CarriedDialog(session, "japan"))


def ok(qtbot, dialog) -> None:
    button = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_carried_value_out_of_range_is_refused_in_the_dialog(qtbot):
    dialog = carried_dialog(qtbot)
    type_number(qtbot, dialog, CUMULATIVE, 7)
    spin = type_over(qtbot, dialog, CUMULATIVE, "120")
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
    assert text(dialog, "Problem with these values") == (
        f"Not entered: {CUMULATIVE}: 120 is out of range; it must be between -99 and 99")
    assert find(dialog, "Problem with these values").isVisible()
    assert spin.value() == 7 and dialog.values()["cumulative_total"] == 7
    type_number(qtbot, dialog, CUMULATIVE, -12)   # a number it takes clears the message
    assert text(dialog, "Problem with these values") == ""


def test_ok_clicked_on_a_refused_carried_value_keeps_the_dialog_open_once(qtbot):
    dialog = carried_dialog(qtbot)
    type_number(qtbot, dialog, CUMULATIVE, 7)
    type_over(qtbot, dialog, CUMULATIVE, "-100")
    ok(qtbot, dialog)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert "-100 is out of range; it must be between -99 and 99" in text(dialog, "Problem with these values")
    ok(qtbot, dialog)   # read it; OK again closes with the number the box kept
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.values()["cumulative_total"] == 7


def test_enter_on_a_refused_carried_value_does_not_close_the_dialog(qtbot):
    dialog = carried_dialog(qtbot)
    spin = type_over(qtbot, dialog, CUMULATIVE, "500")
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert "500 is out of range" in text(dialog, "Problem with these values")


def test_new_game_starting_year_out_of_range_is_refused_and_create_game_waits(qtbot):
    dialog = shown_and_active(qtbot, NewSessionDialog())
    type_over(qtbot, dialog, "Starting year", "1960")
    press(qtbot, dialog, "Create game")
    assert dialog.isVisible()
    assert text(dialog, "New game: number not entered") == (
        f"Not entered: Starting year: 1960 is out of range; it must be between {FIRST_YEAR} and {LAST_YEAR}")
    assert find(dialog, "Starting year", QSpinBox).value() == 1939
    type_number(qtbot, dialog, "Starting year", 1938)   # before the war: created on this page
    press(qtbot, dialog, "Create game")
    assert not dialog.isVisible()
    assert dialog.game().turn.year == 1938


def test_a_war_year_out_of_range_on_the_war_tab_is_refused_in_the_status_bar(qtbot):
    window = open_window(qtbot)
    with qtbot.waitActive(window):
        window.activateWindow()
    tab = war_tab(window)
    find(tab, "U.S. at war with Germany: at war", QCheckBox).click()
    spin = type_over(qtbot, tab, "U.S. at war with Germany: year", "1960")
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
    assert window.statusBar().currentMessage() == (
        "Not entered: U.S. at war with Germany: year: 1960 is out of range; "
        f"it must be between {FIRST_YEAR} and {LAST_YEAR}")
    assert spin.value() == 1941
    assert window.store.session.fact("war.germany_us")["year"] == 1941
