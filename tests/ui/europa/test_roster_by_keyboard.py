"""The roster's marks from the keyboard (issue 40): Tab goes from field to field of each unit, the seven check boxes
included (Capital, Major city, Island, Armour, Motorized, Supply/HQ, Near enemy), Space ticks the one with the focus,
each is named for a screen reader by its column and its unit, and the focused field is scrolled into view, in the
table and on the nation's page, however small the window.  Driven with keys only, from the unit's name field."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QCheckBox, QScrollArea, QWidget

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.roster import RosterEntry
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
from tests.ui.helpers import find

MARKS = ("Capital", "Major city", "Island", "Armour", "Motorized", "Supply/HQ", "Near enemy")


@pytest.fixture
def italy(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jun II 43")), "Italy")
    units = tuple(RosterEntry(f"Division {n}", Fraction(1)) for n in range(1, 9))
    game = actions.set_roster(game, "Italy", units)
    panel = NationPanel(EuropaGameHolder(game), "Italy")
    qtbot.addWidget(panel)
    panel.resize(700, 420)   # a small window: the roster runs off the page and off its own width
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def tab(qtbot, backwards: bool = False) -> QWidget:
    qtbot.keyClick(focused(), Qt.Key.Key_Backtab if backwards else Qt.Key.Key_Tab)
    return focused()


def on_screen(panel: QWidget, widget: QWidget) -> bool:
    """The whole of ``widget`` inside the nation page's visible area and inside the roster's."""
    page = panel.findChild(QScrollArea).viewport()
    table = find(panel, "Roster").viewport()
    for area in (page, table):
        shown = QRect(area.mapToGlobal(QPoint(0, 0)), area.size())
        if not shown.contains(QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())):
            return False
    return True


def test_tab_reaches_every_mark_of_a_unit_and_space_ticks_it(qtbot, italy):
    find(italy, "Unit 6 name").setFocus()
    order = [tab(qtbot) for _ in range(8)]
    names = [widget.accessibleName() for widget in order]
    assert names[:3] == ["Unit 6 REs", "Unit 6 force", "Unit 6 place"]
    assert names[3:] == [f"{mark}, unit 6: Division 6" for mark in (*MARKS[:5],)]
    for widget in order:
        assert on_screen(italy, widget), widget.accessibleName()
    while focused().accessibleName() != "Near enemy, unit 6: Division 6":
        tab(qtbot)
    assert isinstance(focused(), QCheckBox) and on_screen(italy, focused())
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    assert italy.holder.game.nation("Italy").roster[5].near_enemy
    assert focused().isChecked()
    qtbot.keyClick(focused(), Qt.Key.Key_Space)   # and off again
    assert not italy.holder.game.nation("Italy").roster[5].near_enemy


def test_past_the_reasons_tab_goes_to_the_next_unit_and_back(qtbot, italy):
    find(italy, "Unit 2 supply unit, depot or Army HQ").setFocus()
    names = [tab(qtbot).accessibleName() for _ in range(5)]
    # The MDs boxes are disabled at home; the counted REs and the reasons take no input: skipped.
    assert names == ["Near enemy, unit 2: Division 2", "Remove Division 2", "Unit 3 name", "Unit 3 REs",
                     "Unit 3 force"]
    assert [tab(qtbot, backwards=True).accessibleName() for _ in range(3)] == [
        "Unit 3 REs", "Unit 3 name", "Remove Division 2"]


def test_tab_into_the_roster_lands_on_a_field_in_view_and_out_at_its_end(qtbot, italy):
    table = find(italy, "Roster")
    table.setFocus(Qt.FocusReason.TabFocusReason)
    assert focused().accessibleName() == "Unit 1 name" and on_screen(italy, focused())
    find(italy, "Add unit").setFocus()
    after = tab(qtbot)
    assert not table.isAncestorOf(after) and after is not table   # past the last field: out of the table
    table.setFocus(Qt.FocusReason.BacktabFocusReason)
    assert focused().accessibleName() == "Add unit" and on_screen(italy, focused())


def test_a_screen_reader_hears_the_mark_and_its_unit(qtbot, italy):
    box = find(italy, "Unit 4 in the capital", QCheckBox)
    iface = QAccessible.queryAccessibleInterface(box)
    assert iface.text(QAccessible.Text.Name) == "Capital, unit 4: Division 4"
    assert iface.role() == QAccessible.Role.CheckBox
    new = find(italy, "New unit armour symbol", QCheckBox)
    assert new.accessibleName() == "Armour, new unit"
