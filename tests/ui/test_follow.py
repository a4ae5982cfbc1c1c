"""Tabs out of view do not redraw on every change; they catch up when a player looks at them (ui/shell/follow.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore
from awaw_desktop.ui.shell.accessible import caption

from .helpers import painted, type_number


def make_window(qtbot) -> MainWindow:
    window = MainWindow(SessionStore(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.activateWindow()   # shortcuts go to the active window
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    painted(qtbot, window)
    return window


def label(root, name: str) -> QLabel:
    """Read a label where it is, without choosing its tab (what the widget holds, not what a player sees)."""
    return next(w for w in root.findChildren(QLabel) if caption(w) == name)


def test_the_overview_catches_up_when_its_tab_is_chosen(qtbot):
    window = make_window(qtbot)
    overview_level = label(window.overview, "Germany level")
    before = overview_level.text()
    window.show_power("germany")
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 7)
    assert overview_level.text() == before, "the hidden Overview redrew on a change"
    assert window.overview.follower.behind
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)   # Ctrl+1: the Overview
    assert window.tabs.currentWidget() is window.overview
    assert overview_level.text() == label(window.power_tabs["germany"], "Germany level").text() != before
    assert not window.overview.follower.behind


def test_a_power_tab_out_of_view_catches_up_when_chosen(qtbot):
    window = make_window(qtbot)
    italy, germany = window.power_tabs["italy"], window.power_tabs["germany"]
    window.show_power("italy")
    germany_level = label(germany, "Germany level")
    before = int(germany_level.text().replace("\u2212", "-"))
    type_number(qtbot, italy, "Italian DP level", 3)   # Italy's level counts on the German table (55.11)
    assert int(germany_level.text().replace("\u2212", "-")) == before
    window.tabs.setCurrentWidget(window.power_tabs.holders["germany"])   # the player clicks the tab
    assert int(germany_level.text().replace("\u2212", "-")) == before + 3


def test_the_war_tab_is_built_when_first_shown_not_before_the_first_paint(qtbot):
    window = make_window(qtbot)
    assert not window.facts_tab.built and not window.facts_tab.rows
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.tabs.currentWidget() is window.facts_tab
    assert window.facts_tab.built and "war.germany_france" in window.facts_tab.rows


def test_the_war_tab_is_built_in_idle_time_after_start_up(qtbot):
    window = make_window(qtbot)
    qtbot.waitUntil(lambda: window.facts_tab.built, timeout=5000)
    assert len(window.power_tabs.built) == len(window.power_tabs)
