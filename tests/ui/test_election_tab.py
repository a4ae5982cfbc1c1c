"""The U.S. election tab, driven as a player does (issue 12: atomic elections, 62.72)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.awaw import election
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import find, text, tick, type_number


def make_window(qtbot, session: Session) -> MainWindow:
    window = MainWindow(SessionStore(session))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    return window


def test_an_atomic_election_counts_and_shows_europe_only(qtbot):
    window = make_window(qtbot, Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1945, Season.SUMMER)))
    tab = window.power_tabs["election"]
    tick(qtbot, tab, "Election held this turn: German atomic attack on the continental U.S. this turn")
    tick(qtbot, tab, "Japan declared war on the U.S.")
    type_number(qtbot, tab, "Axis DP level", 20)
    assert text(tab, "Japan declared war on the U.S. points") == "0"
    assert "Europe only" in tab.rows["japan_declared_war"].note.text()      # the note beside the line
    assert "Europe only" in text(tab, "Japanese resistance level")           # a derived line shows it itself
    europe = window.store.result("election").figures["europe"]
    assert text(tab, "U.S. election total") == f"Sum of the lines: {europe:+d}"
    assert window.store.result("election").figures["pacific"] is None
    assert "Pacific: separate peace with no result of its own (62.82)" in text(tab, "U.S. election verdict")


DECLARED_GERMANY = "Declared war on the neutral U.S. this turn (lifts restrictions): Germany (Europe)"


def test_a_declaration_of_war_lifts_the_restrictions_and_is_cleared_next_turn(qtbot):
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1945, Season.SUMMER))
    session.carry["election"] = {**election.initial_carry(), "level_europe": -7, "tension_europe": 46}
    window = make_window(qtbot, session)
    tab = window.power_tabs["election"]
    assert "separate peace" in text(tab, "U.S. election consequences")
    tick(qtbot, tab, DECLARED_GERMANY)
    assert "62.72" in text(tab, "U.S. election consequences")
    assert "separate peace" not in text(tab, "U.S. election consequences")
    window.apply_end_turn({})
    assert window.store.session.carry["election"]["level_europe"] is None
    assert not find(tab, DECLARED_GERMANY).isChecked()
