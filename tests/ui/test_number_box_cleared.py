"""Third play-test: a number box cleared and left keeps the number entered before (the DP level's -3 was
lost: the box showed 0, the level went back to +1, Undo was greyed out), and a pasted full-width "５" is
taken as 5.  Driven with the keys the player pressed, in a window that was never made active (as in the
play-test: Tab then moves the focus without focus events)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication, QCheckBox, QLabel, QSpinBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw import carried
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .helpers import find, text, tick
from .test_main_window import make_window

DP = "British DP level"
NOT_A_NUMBER = "no number typed; it must be a whole number between"


def select_all(qtbot, spin: QSpinBox) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()


def type_then_tab(qtbot, spin: QSpinBox, keys: str) -> None:
    select_all(qtbot, spin)
    qtbot.keyClicks(spin.lineEdit(), keys)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)


def clear_then_tab(qtbot, spin: QSpinBox, key: Qt.Key) -> None:
    select_all(qtbot, spin)
    qtbot.keyClick(spin.lineEdit(), key)
    assert spin.cleanText() == ""
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)


def britain_level(window) -> str:
    return find(window.power_tabs["britain"], "Britain level", QLabel).text()


@pytest.mark.parametrize("key", [Qt.Key.Key_Delete, Qt.Key.Key_Backspace])
def test_a_cleared_dp_level_keeps_the_minus_3_in_the_box_the_game_and_the_undo_menu(qtbot, key):
    window = make_window(qtbot)
    spin = find(window.power_tabs["britain"], DP, QSpinBox)
    type_then_tab(qtbot, spin, "-3")
    level = britain_level(window)
    assert window.store.session.value("britain", "dp_level") == -3
    clear_then_tab(qtbot, spin, key)
    assert window.statusBar().currentMessage() == f"Not entered: {DP}: {NOT_A_NUMBER} -60 and 60"
    assert spin.lineEdit().text() == "-3" and spin.value() == -3
    assert window.store.session.value("britain", "dp_level") == -3
    assert britain_level(window) == level
    assert window.action_undo.isEnabled()
    assert window.store.undo_stack.undoText() == "Britain: British DP level set to -3"
    window.show_power("russia")   # another tab and back: still -3
    window.show_power("britain")
    assert spin.lineEdit().text() == "-3"


def test_typed_over_without_leaving_the_box_a_refusal_goes_back_to_the_number_shown(qtbot):
    window = make_window(qtbot)
    spin = find(window.power_tabs["britain"], DP, QSpinBox)
    select_all(qtbot, spin)
    qtbot.keyClicks(spin.lineEdit(), "-3")        # no Tab: the level already follows
    assert window.store.session.value("britain", "dp_level") == -3
    clear_then_tab(qtbot, spin, Qt.Key.Key_Delete)
    assert spin.lineEdit().text() == "-3"
    assert window.store.session.value("britain", "dp_level") == -3
    assert window.store.undo_stack.undoText() == "Britain: British DP level set to -3"


def test_an_entered_0_refused_over_stays_entered(qtbot):
    """A refusal takes back only the step its own typing made: an earlier entry of 0 stays entered."""
    window = make_window(qtbot)
    spin = find(window.power_tabs["britain"], DP, QSpinBox)
    type_then_tab(qtbot, spin, "5")
    type_then_tab(qtbot, spin, "0")
    assert window.store.session.is_entered("britain", "dp_level")
    type_then_tab(qtbot, spin, "99")
    assert "99 is out of range" in window.statusBar().currentMessage()
    assert spin.lineEdit().text() == "0"
    assert window.store.session.is_entered("britain", "dp_level")


def test_while_the_box_shows_a_number_it_will_refuse_the_level_keeps_the_earlier_number(qtbot):
    window = make_window(qtbot)
    spin = find(window.power_tabs["britain"], DP, QSpinBox)
    type_then_tab(qtbot, spin, "-3")
    level = britain_level(window)
    select_all(qtbot, spin)
    qtbot.keyClicks(spin.lineEdit(), "-99")       # "-9" was a DP level on the way
    qtbot.wait(50)                                # whatever the window does next, the typing stays on screen
    assert spin.lineEdit().text() == "-99"
    assert window.store.session.value("britain", "dp_level") == -3
    assert britain_level(window) == level
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
    assert "-99 is out of range" in window.statusBar().currentMessage()
    assert window.store.undo_stack.undoText() == "Britain: British DP level set to -3"


@pytest.mark.parametrize("finish", [Qt.Key.Key_Return, Qt.Key.Key_Tab])
def test_a_pasted_full_width_5_is_taken_as_5(qtbot, finish):
    window = make_window(qtbot)
    spin = find(window.power_tabs["britain"], DP, QSpinBox)
    QGuiApplication.clipboard().setText("\uff15")
    select_all(qtbot, spin)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert spin.lineEdit().text() == "5"           # what the box shows is what it takes
    qtbot.keyClick(spin.lineEdit(), finish)
    assert spin.value() == 5
    assert window.store.session.value("britain", "dp_level") == 5
    assert "Not entered" not in window.statusBar().currentMessage()


def test_a_typed_full_width_minus_and_digits_are_taken(qtbot):
    window = make_window(qtbot)
    spin = find(window.power_tabs["britain"], DP, QSpinBox)
    select_all(qtbot, spin)
    for char in "\uff0d\uff11\uff12":   # "－１２" from a full-width keyboard layout (QTest types Latin-1 only)
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(spin.lineEdit(), QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
    assert spin.lineEdit().text() == "-12"
    assert window.store.session.value("britain", "dp_level") == -12


# -- every kind of place a number box is used: entered, cleared, left: the entry stays ------------------------

def _table_group(qtbot):
    window = make_window(qtbot)
    name = "Enemy losses in the Pacific this turn: BRPs of units eliminated"
    return window, find(window.power_tabs["japan"], name, QSpinBox), \
        lambda: window.store.session.value("japan", "enemy_losses")["eliminated"], "Status bar"


def _table_turn_year(qtbot):
    window = make_window(qtbot)
    tab = window.power_tabs["france"]
    tick(qtbot, tab, "Germany's first hex in France: has happened")
    return window, find(tab, "Germany's first hex in France: year", QSpinBox), \
        lambda: window.store.session.value("france", "german_first_hex")["year"], "Status bar"


def _war_tab_year(qtbot):
    from .test_war_facts import war_tab

    window = make_window(qtbot)
    tab = war_tab(window)
    find(tab, "U.S. at war with Germany: at war", QCheckBox).click()
    return window, find(tab, "U.S. at war with Germany: year", QSpinBox), \
        lambda: window.store.session.fact("war.germany_us")["year"], "Status bar"


def _carried(qtbot):
    dialog = carried.CarriedDialog(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)),
                                   "japan")
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog, find(dialog, "Cumulative modifiers so far", QSpinBox), \
        lambda: dialog.values()["cumulative_total"], "Problem with these values"


def _new_game(qtbot):
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog, find(dialog, "Starting year", QSpinBox), lambda: find(dialog, "Starting year", QSpinBox).value(), \
        "New game: number not entered"


def _british_wizard(qtbot):
    from awaw_desktop.ui.awaw import british_wizard as bw

    from . import test_british_wizard as british

    wizard = british.open_wizard(qtbot, british.make_store(-2))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    return wizard, find(wizard, "AAF removed", QSpinBox), lambda: wizard.aaf, "Reductions: number not entered"


def _french_wizard(qtbot):
    from . import test_french_wizard as french

    wizard = french.open_wizard(qtbot, french.make_store(**french.EXAMPLE))
    french.press(qtbot, wizard, french.NEXT)
    french.choose(qtbot, wizard, "Set up Vichy France")
    french.press(qtbot, wizard, french.NEXT)
    return wizard, find(wizard, "Morocco BRPs", QSpinBox), lambda: wizard.colony_brps["morocco"], \
        "Colonies: number not entered"


def _europa_panel(qtbot):
    from awaw_desktop.core.europa import actions
    from awaw_desktop.core.europa.calendar import EuropaTurn
    from awaw_desktop.ui.europa.holder import EuropaGameHolder
    from awaw_desktop.ui.europa.nation_panel import NationPanel

    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43")), "Italy")
    panel = NationPanel(EuropaGameHolder(game), "Italy")
    qtbot.addWidget(panel)
    panel.show()
    return panel


def _europa_rate(qtbot):
    panel = _europa_panel(qtbot)
    spin = find(panel, "Special replacement rate before any roll", QSpinBox)
    return panel, spin, spin.value, "Surrender message"


def _europa_count(qtbot):
    panel = _europa_panel(qtbot)
    spin = find(panel, "TF hits", QSpinBox)
    return panel, spin, spin.value, "RE count message"


PLACES = {"table group line": (_table_group, "17"), "table turn year": (_table_turn_year, "1942"),
          "The war tab year": (_war_tab_year, "1941"), "carried values": (_carried, "7"),
          "New game": (_new_game, "1941"), "British wizard": (_british_wizard, "4"),
          "French wizard": (_french_wizard, "4"), "Europa surrender box": (_europa_rate, "40"),
          "Europa count box": (_europa_count, "3")}


@pytest.mark.parametrize("place", list(PLACES))
def test_every_number_box_cleared_and_left_keeps_its_entry_and_says_why(qtbot, place):
    make, typed = PLACES[place]
    root, spin, entered, message_line = make(qtbot)
    type_then_tab(qtbot, spin, typed)
    assert entered() == int(typed)
    clear_then_tab(qtbot, spin, Qt.Key.Key_Delete)
    assert spin.cleanText() == typed and spin.value() == int(typed)
    assert entered() == int(typed)
    shown = (root.statusBar().currentMessage() if message_line == "Status bar"
             else text(root, message_line) if message_line else "")
    assert message_line is None or f"{spin.accessibleName()}: {NOT_A_NUMBER}" in shown, shown


def test_a_box_with_a_unit_typed_over_and_cleared_goes_back_to_the_number_it_showed(qtbot):
    from awaw_desktop.ui.shell.number_box import NumberBox

    box = NumberBox(name="Minor country BRPs")
    box.setRange(0, 200)
    box.setSuffix(" BRPs")
    box.setValue(15)
    qtbot.addWidget(box)
    box.show()
    select_all(qtbot, box)
    qtbot.keyClicks(box.lineEdit(), "40")             # not finished: the box already holds 40
    assert box.value() == 40
    box.lineEdit().selectAll()                         # the whole text, unit and all
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Delete)
    with qtbot.waitSignal(box.refused) as refused:
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert refused.args == [f"Minor country BRPs: {NOT_A_NUMBER} 0 and 200"]
    assert box.value() == 40 and box.lineEdit().text() == "40 BRPs"
