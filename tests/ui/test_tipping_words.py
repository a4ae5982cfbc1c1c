"""What tips it as a player at the table reads it (play-test at 1366x768): the level a change would reach,
a note while the answer is worked out (never a blank box), and What-if's election row in a turn without
an election."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox, QPushButton

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw import tipping_panel
from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.status_words import status_text
from awaw_desktop.ui.awaw.store import SessionStore
from awaw_desktop.ui.awaw.what_if import WhatIfDialog

from ..core.tipping_sessions import ROOT
from .helpers import click, everything_entered, find, painted, text, tick

EXAMPLES = ROOT / "resources" / "examples"
WORKING = "Working out what tips each power\u2026"


def make_window(qtbot, session: Session) -> MainWindow:
    """The game with every value its tables need entered as it counts (issue 28), so the chips show the statuses the
    tipping points name."""
    window = MainWindow(SessionStore(everything_entered(session)))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    painted(qtbot, window)   # as a player sees it: what tips each power comes right after the first paint
    return window


def overview_rows(window: MainWindow) -> list[str]:
    overview = find(window.overview, "Tipping points of every power")   # the Overview shown now
    return [text(overview, f"{title} tipping summary")
            for title in ("Germany", "Italy", "Japan", "France", "Britain", "Russia", "China", "U.S. election")]


def test_the_panels_say_they_are_working_until_the_answer_is_in(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)   # one step per event-loop turn: the wait is seen
    window = make_window(qtbot, sessionfile.load(EXAMPLES / "britain-under-pressure-1941.awaw"))
    assert overview_rows(window)[0] == WORKING and all(overview_rows(window))   # never a blank box
    qtbot.waitUntil(lambda: overview_rows(window)[4].startswith("Next threshold"))
    window.show_power("britain")
    panel = find(window.power_tabs["britain"], "Britain tipping points")
    assert text(panel, "Britain next threshold") in ("Working out what tips Britain\u2026",
                                                      text(panel, "Britain next threshold"))
    qtbot.waitUntil(lambda: text(panel, "Britain next threshold").startswith("Now: Britain at -8,"))


def test_after_opening_a_file_the_overview_says_it_is_working_not_the_old_game(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)
    window = make_window(qtbot, sessionfile.load(EXAMPLES / "britain-under-pressure-1941.awaw"))
    qtbot.waitUntil(lambda: overview_rows(window)[4].startswith("Next threshold: 2 levels down (at -10)"))
    assert window.open_path(EXAMPLES / "yss-election-1945.awaw", confirmed=True)
    assert overview_rows(window)[0] == WORKING   # the old game's answers are gone at once
    qtbot.waitUntil(lambda: overview_rows(window)[-1].startswith("Next threshold: 7 levels down (at 0)"))
    window.show_power("britain")   # a rebuilt tab: the note, then the answer
    panel = find(window.power_tabs["britain"], "Britain tipping points")
    qtbot.waitUntil(lambda: text(panel, "Britain next threshold").startswith("Now: Britain at 0,"))


def test_after_ending_a_turn_the_overview_says_it_is_working_not_the_old_turn(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)
    window = make_window(qtbot, Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)))
    qtbot.waitUntil(lambda: overview_rows(window)[0].startswith("Next threshold"))
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    assert find(dialog, "End the turn", QPushButton).isEnabled()
    window.apply_end_turn(dialog.choices())
    assert window.store.session.turn == Turn(1942, Season.SUMMER)
    assert overview_rows(window)[0] == WORKING
    qtbot.waitUntil(lambda: overview_rows(window)[0].startswith("Next threshold"))
    window.store.undo_stack.undo()   # back to the spring: worked out again, not the summer's text
    assert overview_rows(window)[0] == WORKING
    qtbot.waitUntil(lambda: overview_rows(window)[0].startswith("Next threshold"))


def test_typing_keeps_the_old_answer_until_the_new_one_is_in(qtbot, monkeypatch) -> None:
    """Within one turn a change keeps the text in view (no flicker while typing a number)."""
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)
    window = make_window(qtbot, sessionfile.load(EXAMPLES / "britain-under-pressure-1941.awaw"))
    qtbot.waitUntil(lambda: overview_rows(window)[4].startswith("Next threshold"))
    before = overview_rows(window)
    window.show_power("britain")
    tick(qtbot, window.power_tabs["britain"], "Australia / India surrendered: Australia")
    window.tabs.setCurrentIndex(0)
    assert overview_rows(window) == before
    qtbot.waitUntil(lambda: overview_rows(window)[4].startswith("Next threshold: 1 level up (at -9)"))


def open_what_if(window: MainWindow) -> WhatIfDialog:
    window.action_what_if.trigger()
    return next(widget for widget in QApplication.topLevelWidgets()
                if isinstance(widget, WhatIfDialog) and widget.isVisible())


def test_what_if_shows_a_dash_for_the_election_in_a_turn_without_one(qtbot) -> None:
    window = make_window(qtbot, Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)))
    assert text(window.overview, "U.S. election level") == "\u2014"
    dialog = open_what_if(window)
    assert text(dialog, "U.S. election level now -> if") == "\u2014"
    assert "no election" in find(dialog, "U.S. election level now -> if").toolTip()
    dialog.show_power("election")
    tick(qtbot, dialog.power_tabs["election"], "Election held this turn: After the 1945 Year Start Sequence")
    held = dialog.trial.results["election"].level
    assert text(dialog, "U.S. election level now -> if") == f"<b>\u2014 \u2192 {held:+d}</b>".replace("+0", "0")
    click(qtbot, dialog, "Discard the what-if changes")


def test_what_if_lists_a_working_note_then_the_points_and_says_when_there_are_none(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)
    window = make_window(qtbot, sessionfile.load(EXAMPLES / "britain-under-pressure-1941.awaw"))
    dialog = open_what_if(window)
    dialog.show_power("britain")
    choice = find(dialog, "Tipping point to try", QComboBox)
    assert choice.count() == 0 and choice.placeholderText() == "Working out what tips Britain\u2026"
    assert not find(dialog, "Try the chosen tipping point").isEnabled()
    qtbot.waitUntil(lambda: choice.count() > 0)
    assert choice.currentText().startswith("Australia / India surrendered: tick Australia: Britain falls to -10")
    assert find(dialog, "Try the chosen tipping point").isEnabled()
    panel = find(dialog.power_tabs["britain"], "Britain tipping points")   # the tab's box says the same
    qtbot.waitUntil(lambda: f"\u2022 {choice.currentText()}" in text(panel, "Britain tipping list"))
    dialog.show_power("france")   # France has surrendered: nothing tips it
    qtbot.waitUntil(lambda: choice.placeholderText().startswith("No single change"))
    assert choice.count() == 0 and not find(dialog, "Try the chosen tipping point").isEnabled()
    click(qtbot, dialog, "Discard the what-if changes")


def test_what_if_puts_a_changed_status_under_the_old_one(qtbot) -> None:
    """The now -> if column stays narrow: a changed status goes on a second line, both in words."""
    window = make_window(qtbot, sessionfile.load(EXAMPLES / "britain-under-pressure-1941.awaw"))
    dialog = open_what_if(window)
    assert text(dialog, "Italy status now -> if") == escape(status_text(Status.NO_EFFECT))
    dialog.show_power("italy")
    tick(qtbot, dialog.power_tabs["italy"], "Rome is under Allied control")
    assert text(dialog, "Italy status now -> if") == (f"<b>{escape(status_text(Status.NO_EFFECT))} \u2192<br>"
                                                      f"{escape(status_text(Status.SURRENDERS))}</b>")
    assert text(dialog, "Italy level now -> if") == "<b>0 \u2192 0</b>"   # the same level, another fate
    click(qtbot, dialog, "Discard the what-if changes")


def test_ctrl_z_in_what_if_takes_back_the_last_change_tried(qtbot) -> None:
    """In What-if, Ctrl+Z in a number box takes back the last change tried, not the box's text, and Ctrl+Shift+Z
    tries it again; the game is untouched throughout (tenth play-test)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QSpinBox

    from .helpers import type_number

    window = make_window(qtbot, Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING)))
    dialog = open_what_if(window)
    dialog.show_power("germany")
    tab = dialog.power_tabs["germany"]
    type_number(qtbot, tab, "Atomic attacks against Germany", 5)
    type_number(qtbot, tab, "German cities firestormed", 3)
    assert "German cities firestormed set to 3" in text(dialog, "What-if changes")
    atomic = find(tab, "Atomic attacks against Germany", QSpinBox)
    atomic.setFocus()
    dialog.activateWindow()   # its keys work in the active window, as a player's Ctrl+Z does
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    qtbot.keyClick(atomic.lineEdit(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert find(tab, "German cities firestormed", QSpinBox).value() == 0 and atomic.value() == 5
    assert "firestormed" not in text(dialog, "What-if changes")
    qtbot.keyClick(atomic.lineEdit(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert find(tab, "German cities firestormed", QSpinBox).value() == 3
    assert window.store.session.value("germany", "firestorms") == 0   # the game is untouched
    click(qtbot, dialog, "Discard the what-if changes")
