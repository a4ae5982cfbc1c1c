"""Surrender rolls and a defection entered through the nation panel."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QListWidget, QSpinBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
from tests.ui.europa.drive import surrender
from tests.ui.europa.test_nation_panel import press
from tests.ui.helpers import find, tick, type_number


@pytest.fixture
def panel(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43")), "Italy")
    widget = NationPanel(EuropaGameHolder(game), "Italy")
    qtbot.addWidget(widget)
    widget.show()
    return widget


def status(panel, name):
    return find(panel, name, QLabel).text()


def choose(panel, name, text):
    combo = find(panel, name, QComboBox)
    index = combo.findText(text)
    assert index >= 0, f"{name}: no {text!r} in {[combo.itemText(i) for i in range(combo.count())]}"
    combo.setCurrentIndex(index)
    combo.activated.emit(index)   # as a player's choice does


def test_nothing_is_chosen_for_the_players(qtbot, panel):
    """Issue 25: the rate read 50%, the die 1, and who asks for a count 'Axis side' before anybody chose."""
    assert find(panel, "Special replacement rate before any roll", QSpinBox).text() == "not entered"
    assert find(panel, "Die", QSpinBox).text() == "\u2014"
    assert find(panel, "Surrender condition holds", QComboBox).currentIndex() == -1
    assert find(panel, "Requested by", QComboBox).currentIndex() == -1
    press(qtbot, panel, "Record the typed die")
    assert status(panel, "Surrender message") == "Type the die first (1 to 6), or press Roll for me."
    assert panel.holder.game.nation("Italy").surrender.rolls == ()
    assert "Special replacement rate now not entered" in status(panel, "Surrender status")


def test_two_rolls_from_forty_give_twenty_and_a_new_government_rolls_for_itself(qtbot, panel):
    type_number(qtbot, panel, "Special replacement rate before any roll", 40)
    condition = find(panel, "Surrender condition", QLineEdit)
    qtbot.keyClicks(condition, "Allied units in Rome")
    qtbot.keyClick(condition, Qt.Key.Key_Return)
    choose(panel, "Surrender condition holds", "Holds")
    type_number(qtbot, panel, "Die", 4)
    press(qtbot, panel, "Record the typed die")
    assert "now 30% after 1 roll" in status(panel, "Surrender status")
    assert find(panel, "Die", QSpinBox).text() == "\u2014"                # the next roll has its own die
    qtbot.keyClicks(find(panel, "New government", QLineEdit), "RSI Italy")
    type_number(qtbot, panel, "New government's rate", 50)
    press(qtbot, panel, "Form the new government")
    press(qtbot, panel, "Roll for me")
    assert status(panel, "Surrender message").startswith("Choose who rolls")   # two may roll now: the players say
    choose(panel, "Who rolls", "the nation itself")
    press(qtbot, panel, "Roll for me")
    text = status(panel, "Surrender status")
    assert "now 20% after 2 rolls" in text and "RSI Italy: 50%" in text   # 56.E.3's note
    assert "(rolled by the app)" in text
    record = panel.holder.game.nation("Italy").surrender
    assert record.condition == "Allied units in Rome" and record.condition_met
    asked = surrender(qtbot, panel, "Italy")
    assert asked.startswith("Record that Italy surrenders on Jul I 1943 (56.A)?")
    assert "All of its forces in play are eliminated" in asked
    assert "Surrendered on Jul I 1943" in status(panel, "Surrender status")
    assert [find(panel, "Who rolls", QComboBox).itemText(i) for i in range(find(panel, "Who rolls").count())] == \
        ["RSI Italy"]                                                      # Italy rolls no more; the RSI does
    type_number(qtbot, panel, "Die", 2)
    press(qtbot, panel, "Record the typed die")
    assert "RSI Italy: 40% after 1 roll of its own" in status(panel, "Surrender status")
    assert "Special replacement rate" not in status(panel, "Surrender status")


def test_a_defection_rolls_each_unit_and_counts_down_the_rps(qtbot, panel):
    qtbot.keyClicks(find(panel, "Ground unit", QLineEdit), "Ariete")
    tick(qtbot, panel, "c/m or cavalry")
    type_number(qtbot, panel, "Defection die", 5)
    press(qtbot, panel, "Add with the typed die")
    assert find(panel, "Defection die", QSpinBox).text() == "\u2014"     # issue 25: the next unit had this die
    assert not find(panel, "c/m or cavalry", QCheckBox).isChecked()
    qtbot.keyClicks(find(panel, "Ground unit", QLineEdit), "Pasubio")
    press(qtbot, panel, "Add with the typed die")
    assert status(panel, "Defection message").startswith("Type the unit's die first")
    type_number(qtbot, panel, "Defection die", 4)
    press(qtbot, panel, "Add with the typed die")
    qtbot.keyClicks(find(panel, "Ground unit", QLineEdit), "Bersaglieri")
    press(qtbot, panel, "Add: the app rolls")
    press(qtbot, panel, "The nation defects now")
    units = find(panel, "Defecting units", QListWidget)
    assert units.item(0).text() == "Ariete: 5 (typed from a real die) +2 = 7, eliminated as supply-isolated"
    assert units.item(1).text() == "Pasubio: 4 (typed from a real die) = 4, passes to the Soviet player"
    assert units.item(2).text().startswith("Bersaglieri: ") and "(rolled by the app)" in units.item(2).text()
    assert "no RPs for 13 game turns, this one included; RPs again from Jan II 1944" in \
        status(panel, "Defection status")                                 # 56.B.2: it and the 12 after it
    for _ in range(13):
        panel.holder.apply("End the turn", lambda game: actions.end_turn(game)[0])
    assert "RPs at the usual rate" in status(panel, "Defection status")
    tick(qtbot, panel, "Strike the nation's reinforcements from the Axis order of battle.")
    assert panel.holder.game.nation("Italy").defection.steps_done == ("reinforcements",)
    panel.holder.undo_stack.undo()
    assert panel.holder.game.nation("Italy").defection.steps_done == ()


def test_a_die_of_nine_is_refused_with_a_message_and_the_die_kept(qtbot, panel):
    """A typed number out of range says so in the Europa panels too (ui/shell/number_box.py), never another."""
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow, timeout=5000)
    type_number(qtbot, panel, "Die", 4)
    die = find(panel, "Die", QSpinBox)
    die.setFocus()
    die.lineEdit().selectAll()
    qtbot.keyClicks(die.lineEdit(), "9")
    assert die.lineEdit().text() == "9"   # the digit stays in view while typing ...
    qtbot.keyClick(die.lineEdit(), Qt.Key.Key_Tab)
    assert die.value() == 4                # ... and the die goes back to the one it had
    assert status(panel, "Surrender message") == "Not entered: Die: 9 is out of range; it must be between 1 and 6"


def test_a_defection_die_of_seven_is_refused_with_a_message(qtbot, panel):
    # Third play-test: the defection die (0 = the app rolls) dropped an out-of-range key without a word.
    panel.activateWindow()
    qtbot.waitUntil(panel.isActiveWindow, timeout=5000)
    type_number(qtbot, panel, "Defection die", 5)
    die = find(panel, "Defection die", QSpinBox)
    die.setFocus()
    die.lineEdit().selectAll()
    qtbot.keyClicks(die.lineEdit(), "7")
    qtbot.keyClick(die.lineEdit(), Qt.Key.Key_Tab)
    assert die.value() == 5
    assert status(panel, "Defection message") == \
        "Not entered: Defection die: 7 is out of range; it must be between 1 and 6"
    press(qtbot, panel, "Add: the app rolls")                             # another entry: the refusal stays ...
    assert status(panel, "Defection message").startswith("Not entered: Defection die: 7 is out of range")
    type_number(qtbot, panel, "Defection die", 3)                         # ... until the die is put right
    assert "Not entered" not in status(panel, "Defection message")
