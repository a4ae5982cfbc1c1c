"""The roster, the city points and German aid as the players edit them (issue 25): in place, a whole order of
battle taken, every number field refusing a bad entry with a message that stays until the entry is put right,
never "" as 0 nor "1e3" as 1000, nothing chosen for the players."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QSpinBox

from awaw_desktop.core.europa import actions, actions_aid
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.roster import RosterEntry
from awaw_desktop.ui.europa.aid_tab import GermanAidTab
from awaw_desktop.ui.europa.city_tab import CityPointsTab
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
from tests.ui.europa.drive import label, pick, type_box, type_line
from tests.ui.helpers import click, find, press, tick


def game_with(*names):
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), cost_log2=10)
    for name in names:
        game = actions.add_nation(game, name)
    return game


@pytest.fixture
def italy(qtbot):
    game = game_with("Italy")
    for unit in (RosterEntry("Rome garrison", Fraction(2), capital=True), RosterEntry("Ariete", Fraction(1))):
        game = actions.set_roster(game, "Italy", (*game.nation("Italy").roster, unit))
    panel = NationPanel(EuropaGameHolder(game), "Italy")
    qtbot.addWidget(panel)
    panel.show()
    return panel


def roster(panel):
    return panel.holder.game.nation("Italy").roster


def test_a_unit_is_changed_in_place_and_its_count_follows(qtbot, italy):
    assert label(italy, "Unit 1 counted REs") == "4"
    type_line(qtbot, italy, "Unit 1 REs", "3 1/2")
    assert roster(italy)[0].res == Fraction(7, 2) and label(italy, "Unit 1 counted REs") == "7"
    pick(italy, "Unit 2 place", "Abroad")                                   # MDs open for a unit abroad
    assert find(italy, "Unit 2 MDs in major countries", QSpinBox).isEnabled()
    assert not find(italy, "Unit 2 in the capital").isEnabled()
    type_box(qtbot, italy, "Unit 2 MDs in minor countries", 4)
    assert roster(italy)[1].mds_minor == 4 and label(italy, "Unit 2 counted REs") == "2"
    assert label(italy, "Unit 2 why") == "x2 distance (56.E modifiers)"
    pick(italy, "Unit 2 force", "German")                                  # a German unit abroad: taken, counts 0
    assert label(italy, "Unit 2 counted REs") == "0"
    assert "a major power's unit outside the home country: not counted" in label(italy, "Unit 2 why")
    pick(italy, "Unit 1 place", "Possession")                              # the capital mark goes with the move
    assert not roster(italy)[0].capital
    type_line(qtbot, italy, "Unit 1 name", "Tirana garrison")
    assert roster(italy)[0].label == "Tirana garrison"
    click(qtbot, italy, "Remove Tirana garrison")
    assert [unit.label for unit in roster(italy)] == ["Ariete"]
    italy.holder.undo_stack.undo()
    assert [unit.label for unit in roster(italy)] == ["Tirana garrison", "Ariete"]
    assert find(italy, "Unit 1 name", QLineEdit).text() == "Tirana garrison"


@pytest.mark.parametrize("typed", ["", "1e3", "1_000", "+2", "x", "1/3", "-1"])
def test_a_bad_re_figure_is_refused_and_the_message_stays_until_put_right(qtbot, italy, typed):
    line = find(italy, "Unit 2 REs", QLineEdit)
    line.setFocus()
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    qtbot.keyClicks(line, typed)
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert roster(italy)[1].res == 1 and line.text() == "1"                 # nothing "" as 0, nothing 1e3 as 1000
    message = label(italy, "Roster message")
    assert message.startswith("Not entered: Unit 2 REs: ")
    type_line(qtbot, italy, "Unit 1 name", "Rome")                         # another entry: the refusal stays
    assert label(italy, "Roster message").startswith("Not entered: Unit 2 REs: ")
    type_line(qtbot, italy, "Unit 2 REs", "2")                             # put right
    assert "Not entered" not in label(italy, "Roster message") and roster(italy)[1].res == 2


def test_an_md_out_of_range_is_refused_with_a_message(qtbot, italy):
    pick(italy, "Unit 2 place", "Abroad")
    box = find(italy, "Unit 2 MDs in major countries", QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "100")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert roster(italy)[1].mds_major == 0
    assert label(italy, "Roster message") == \
        "Not entered: Unit 2 MDs in major countries: 100 is out of range; it must be between 0 and 99"


def test_the_new_unit_row_asks_for_what_is_missing_and_carries_nothing_over(qtbot, italy):
    press(qtbot, italy, "Add unit")
    assert label(italy, "Roster message") == \
        "Give the new unit a name, its REs, its force, its place, then Add unit"
    type_line(qtbot, italy, "New unit name", "Alpini")
    type_line(qtbot, italy, "New unit REs", "2")
    pick(italy, "New unit force", "Own")
    pick(italy, "New unit place", "Abroad")
    press(qtbot, italy, "Add unit")
    assert "its MDs in major and in minor countries (0 if none)" in label(italy, "Roster message")
    type_box(qtbot, italy, "New unit MDs in major countries", 3)
    type_box(qtbot, italy, "New unit MDs in minor countries", 0)
    tick(qtbot, italy, "New unit motorized")
    press(qtbot, italy, "Add unit")
    assert roster(italy)[2] == RosterEntry("Alpini", Fraction(2), where="abroad", mds_major=3, motorized=True)
    assert label(italy, "Unit 3 counted REs") == "9"
    assert find(italy, "New unit name", QLineEdit).text() == "" and find(italy, "New unit REs", QLineEdit).text() == ""
    assert find(italy, "New unit force", QComboBox).currentIndex() == -1
    assert find(italy, "New unit place", QComboBox).currentIndex() == -1
    assert find(italy, "New unit MDs in major countries", QSpinBox).text() == "\u2014"
    assert not find(italy, "New unit motorized").isChecked()


def test_a_loss_figure_cleared_is_not_zero(qtbot, italy):
    type_line(qtbot, italy, "Ground losses (REs)", "4")
    line = find(italy, "Ground losses (REs)", QLineEdit)
    line.setFocus()
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert italy.holder.game.nation("Italy").losses.ground_res == 4 and line.text() == "4"
    assert label(italy, "RE count message").startswith("Not entered: Ground losses (REs): nothing typed")


def test_a_surrendered_nations_envelope_cannot_be_opened(qtbot):
    game = actions.draw_paper_envelope(game_with("Italy"), "Italy")
    game = actions.surrender_nation(game, "Italy")
    panel = NationPanel(EuropaGameHolder(game), "Italy")
    qtbot.addWidget(panel)
    panel.show()
    button = find(panel, "Open the envelope (Allied)", QPushButton)
    assert not button.isEnabled() and "no longer an Axis-Allied nation" in button.toolTip()
    assert find(panel, "Italy envelope state").text() == "\u25cb No more envelopes"


@pytest.fixture
def cities(qtbot):
    tab = CityPointsTab(EuropaGameHolder(game_with()))
    qtbot.addWidget(tab)
    tab.show()
    return tab


def test_a_place_is_added_changed_and_removed_in_place(qtbot, cities):
    press(qtbot, cities, "Add place")
    assert label(cities, "City points message") == \
        "Give the new place a name, its country, city or town, who holds it, then Add place."
    type_line(qtbot, cities, "New place name", "Corfu")
    pick(cities, "New place country", "Greece")
    pick(cities, "New place city or town", "Town")
    tick(qtbot, cities, "New place on an island")
    pick(cities, "New place held by", "Axis")
    press(qtbot, cities, "Add place")
    assert label(cities, "Place 1 points") == "0" and "Greek island" in label(cities, "Place 1 why")
    tick(qtbot, cities, "Place 1 on an island", False)                     # corrected: the mainland town
    assert label(cities, "Place 1 points") == "3"
    assert find(cities, "City points held by the Axis side").text() == "\u2605 Axis side: 3 city points (56.C)"
    pick(cities, "Place 1 held by", "Allied")
    assert find(cities, "City points held by the Axis side").text() == "\u25cb Axis side: 0 city points (56.C)"
    click(qtbot, cities, "Remove Corfu")
    assert cities.holder.game.places == ()


@pytest.fixture
def aid(qtbot):
    tab = GermanAidTab(EuropaGameHolder(game_with("Italy", "Finland")))
    qtbot.addWidget(tab)
    tab.show()
    return tab


def test_nothing_is_shipped_until_the_players_say_where_how_much_and_how(qtbot, aid):
    assert find(aid, "Ship to", QComboBox).currentIndex() == -1
    assert find(aid, "RPs to ship", QSpinBox).text() == "\u2014"
    press(qtbot, aid, "Ship now")
    assert label(aid, "German aid message") == "Choose the nation, how many RPs, the route first."
    press(qtbot, aid, "Add to the pool")
    assert label(aid, "German aid message") == "Type how many German armour RPs first."
    type_box(qtbot, aid, "German armour RPs accumulated", 5)
    press(qtbot, aid, "Add to the pool")
    assert label(aid, "German armour RP pool") == "5 RPs in the pool"
    pick(aid, "Ship to", "Italy")
    assert find(aid, "Route", QComboBox).currentText() == "By rail (at once)"    # 56.D gives Italy no choice
    pick(aid, "Ship to", "Finland")
    assert find(aid, "Route", QComboBox).currentIndex() == -1                  # Finland: sea or rail
    pick(aid, "Route", "By strategic rail to Helsinki")
    type_box(qtbot, aid, "RPs to ship", 5)
    press(qtbot, aid, "Ship now")
    assert actions_aid.pool_balance(aid.holder.game) == 0
    assert label(aid, "Received by each nation") == "Finland: 0 RPs received, 5 on the way"


@pytest.mark.parametrize(("typed", "said"), [
    ("1e3", "'1e3' is not a whole number"), ("", "no number typed"), ("2.5", "2.5 is not a whole number"),
    ("10000", "10000 is out of range"), ("x", "'x' is not a whole number"),
])
def test_a_count_box_refuses_a_bad_entry_and_says_so_until_put_right(qtbot, italy, typed, said):
    type_box(qtbot, italy, "TF hits", 4)
    box = find(italy, "TF hits", QSpinBox)
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Delete)
    qtbot.keyClicks(box.lineEdit(), typed)
    assert box.lineEdit().text() == typed                                   # nothing typed is cut away ...
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert box.value() == 4 and italy.holder.game.nation("Italy").losses.tf_hits == 4   # ... nor taken
    assert label(italy, "RE count message") == \
        f"Not entered: TF hits: {said}; it must be {'a whole number ' if 'out of range' not in said else ''}" \
        "between 0 and 9999"
    type_box(qtbot, italy, "Air units aborted", 1)                          # another entry: it stays
    assert label(italy, "RE count message").startswith("Not entered: TF hits")
    type_box(qtbot, italy, "TF hits", 5)                                    # put right
    assert label(italy, "RE count message") == "" and italy.holder.game.nation("Italy").losses.tf_hits == 5
