"""Issue 37, the cosmetic findings of the fifth play-test round, played through the window from File > New game: a new
game opens on the Overview; an undone step reads "Undone: <step>" once in the record; the report's election heading
gives the table theater by theater, as the words beside it do (62.3)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLineEdit, QMessageBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.ui.awaw.main_window import MainWindow

from .campaign_helpers import copied_report, new_game, power_tab
from .helpers import NextDialog, find, type_number


def test_a_new_game_the_undo_entries_and_the_election_heading(qtbot):
    window = MainWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    new_game(qtbot, window, Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "First")
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Overview"
    type_number(qtbot, power_tab(window, "germany"), "German DP level", 3)

    def fill_details(dialog):   # File > Game details...: a recorded step
        find(dialog, "Game title", QLineEdit).setText("First, renamed")
        dialog.accept()

    hands = NextDialog(fill_details, QDialog)
    window.action_details.trigger()
    hands.check()
    window.action_undo.trigger()
    entry = window.store.session.record.entries[-1]
    assert entry.kind == "undone", entry.kind
    said = f"{entry.word}: {entry.summary}"   # as the record view and File > Verify say it
    assert said.count("Undone") == 1 and said.startswith("Undone: "), said

    report = copied_report(window)
    heading = next(line for line in report.splitlines() if line.startswith("== U.S. election"))
    assert "the table stands at Europe " in heading and ", Pacific " in heading, heading

    power_tab(window, "britain")   # looking at Britain when the next game is made
    window.store.undo_stack.setClean()
    new_game(qtbot, window, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Second")
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Overview"
