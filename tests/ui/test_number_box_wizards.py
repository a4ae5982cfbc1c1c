"""The wizards refuse a typed number they cannot take with a message on the page, never a silent
different number: the French die box with 9, a BRP box past its range, a ship's factors."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLineEdit, QSpinBox, QWizard

from awaw_desktop.ui.awaw import british_wizard as bw

from . import test_british_wizard as british
from . import test_french_wizard as french
from .helpers import click, find, text, type_number

NEXT = QWizard.WizardButton.NextButton


def active(qtbot, wizard):
    with qtbot.waitActive(wizard):   # Tab and clicks move the focus only in the active window
        wizard.activateWindow()
    return wizard


def to_the_colonies(qtbot):
    wizard = active(qtbot, french.open_wizard(qtbot, french.make_store(**french.EXAMPLE)))
    french.press(qtbot, wizard, NEXT)
    french.choose(qtbot, wizard, "Set up Vichy France")
    french.press(qtbot, wizard, NEXT)
    assert wizard.currentPage() is wizard.colonies_page
    return wizard


def type_over(qtbot, edit: QLineEdit, keys: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, keys)
    assert edit.text() == keys, f"typed {keys!r}, the box shows {edit.text()!r}"


def test_9_in_the_french_die_box_is_refused_at_once_with_its_message(qtbot):
    wizard = to_the_colonies(qtbot)
    die = find(wizard, "Lebanon-Syria die", QLineEdit)
    die.setFocus()
    qtbot.keyClicks(die, "9")
    assert die.text() == ""   # no die was typed before: the box is empty again at once
    message = "Not entered: Lebanon-Syria die: 9 is out of range; it must be between 1 and 6"
    assert text(wizard, "Lebanon-Syria die problem") == message
    assert find(wizard, "Lebanon-Syria die problem").isVisible()
    qtbot.keyClick(die, Qt.Key.Key_Tab)
    assert text(wizard, "Lebanon-Syria die problem") == message
    assert wizard.dice["lebanon_syria"] is None
    assert not wizard.button(NEXT).isEnabled()


def test_a_refused_die_goes_back_to_the_die_typed_before_selected_to_type_over(qtbot):
    wizard = to_the_colonies(qtbot)
    die = find(wizard, "French North Africa die", QLineEdit)
    type_over(qtbot, die, "4")
    die.selectAll()
    qtbot.keyClicks(die, "-5")
    assert die.text() == "4" and die.selectedText() == "4"
    assert wizard.dice["north_africa"].value == 4
    assert "-5 is out of range" in text(wizard, "French North Africa die problem")
    qtbot.keyClicks(die, "x")
    assert die.text() == "4"
    assert text(wizard, "French North Africa die problem") == (
        "Not entered: French North Africa die: no number typed; it must be a whole number between 1 and 6")
    qtbot.keyClicks(die, "6")   # types over the kept die
    assert not find(wizard, "French North Africa die problem").isVisible()
    assert wizard.dice["north_africa"].value == 6


def test_a_pasted_full_width_die_is_taken(qtbot):
    wizard = to_the_colonies(qtbot)
    die = find(wizard, "French North Africa die", QLineEdit)
    QGuiApplication.clipboard().setText("\uff15")
    die.setFocus()
    qtbot.keyClick(die, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert die.text() == "5"
    assert wizard.dice["north_africa"].value == 5
    assert not find(wizard, "French North Africa die problem").isVisible()


def test_a_colony_brp_box_past_its_range_says_so_on_the_page(qtbot):
    wizard = to_the_colonies(qtbot)
    type_number(qtbot, wizard, "Morocco BRPs", 4)
    box = find(wizard, "Morocco BRPs", QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "150")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
    assert text(wizard, "Colonies: number not entered") == (
        "Not entered: Morocco BRPs: 150 is out of range; it must be between 0 and 100")
    assert box.value() == 4 and wizard.colony_brps["morocco"] == 4


def test_next_clicked_with_a_refused_number_in_a_box_stays_on_the_page(qtbot):
    wizard = active(qtbot, british.open_wizard(qtbot, british.make_store(-2)))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    british.fill_reductions(qtbot, wizard, 4, 8, 20)
    box = find(wizard, "AAF removed", QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "400")
    qtbot.mouseClick(wizard.button(NEXT), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == bw.PAGE_REDUCTIONS   # the click that met the refusal does not move on
    assert text(wizard, "Reductions: number not entered") == (
        "Not entered: AAF removed: 400 is out of range; it must be between 0 and 99")
    assert box.value() == 4
    british.next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)   # a second click goes on with the kept 4


def test_a_ship_is_not_added_with_factors_the_box_refused(qtbot):
    wizard = active(qtbot, british.open_wizard(qtbot, british.make_store(-2)))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    find(wizard, "Ship name", QLineEdit).setText("BB Hood")
    box = find(wizard, "Ship factors", QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "25")
    click(qtbot, wizard, "Add ship")
    assert find(wizard, "Ships chosen for elimination").rowCount() == 0
    assert "Ship factors: 25 is out of range; it must be between 1 and 20" in text(
        wizard, "Reductions: number not entered")


def test_finish_clicked_on_a_refused_brp_base_records_nothing_until_clicked_again(qtbot):
    store = french.make_store(**french.EXAMPLE)
    wizard = active(qtbot, french.open_wizard(qtbot, store))
    french.press(qtbot, wizard, NEXT)
    french.choose(qtbot, wizard, "Set up Vichy France")
    french.press(qtbot, wizard, NEXT)
    french.type_die(qtbot, wizard, "Lebanon-Syria die", 1)
    french.type_die(qtbot, wizard, "French North Africa die", 4)
    french.press(qtbot, wizard, NEXT)
    french.press(qtbot, wizard, NEXT)
    assert wizard.currentPage() is wizard.summary_page
    type_number(qtbot, wizard, "French BRP base at the surrender", 60)
    box = find(wizard, "French BRP base at the surrender", QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "999")
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.isVisible() and wizard.recorded is None
    assert store.undo_stack.count() == 0   # nothing recorded in the game
    assert text(wizard, "Summary: number not entered") == (
        "Not entered: French BRP base at the surrender: 999 is out of range; it must be between 0 and 500")
    with qtbot.waitSignal(wizard.finished):
        qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.recorded is not None and store.undo_stack.count() == 1
