"""Germany's first hex in France (58.21E, updated), ticked on the France tab in every season.

The France tab is built once, at the start of the game; ticking "has happened" later must record the
turn being played then (issue 12: Spring 1940 used to record Spring 1939, the year the tab was built)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import find, text, tick

LINE = "Germany's first hex in France"
START = Turn(1939, Season.FALL)


def window_at(qtbot, turn: Turn) -> MainWindow:
    """A game begun in Fall 1939 with its France tab built, then played on to ``turn``."""
    store = SessionStore(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, START))
    window = MainWindow(store)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    tab = window.power_tabs["france"]   # built now, in Fall 1939
    assert find(tab, f"{LINE}: year").value() == 1939
    while window.store.session.turn != turn:
        window.apply_end_turn({})
    return window


def shown_turn(tab) -> str:
    return f"{find(tab, f'{LINE}: season').currentText()} {find(tab, f'{LINE}: year').value()}"


@pytest.mark.parametrize("turn", [Turn(1939, Season.WINTER), Turn(1940, Season.SPRING), Turn(1940, Season.SUMMER),
                                  Turn(1940, Season.FALL), Turn(1940, Season.WINTER), Turn(1941, Season.SPRING)],
                         ids=lambda turn: turn.title)
def test_ticking_records_the_turn_being_played(qtbot, turn):
    window = window_at(qtbot, turn)
    tab = window.power_tabs["france"]
    tick(qtbot, tab, f"{LINE}: has happened")
    assert shown_turn(tab) == turn.title
    assert window.store.session.value("france", "german_first_hex") == {"year": turn.year,
                                                                        "season": turn.season.index + 1}
    # that turn itself: +2 (58.21E), on the line and in the note beside the turn-of-surrender line
    assert text(tab, "Turn of surrender points") == "+2"
    assert "0 turn(s) ago" in text(tab, "Turn of surrender")
    # recorded at the end of the turn; a turn later it counts 0, two turns later -2, then -4
    for points in ("0", "-2", "-4"):
        window.apply_end_turn({})
        assert window.store.session.carry["france"]["german_first_hex_turn"] == turn.to_json()
        assert text(tab, "Turn of surrender points") == points
        assert shown_turn(tab) == turn.title


def test_the_player_may_pick_an_earlier_turn_of_the_game(qtbot):
    window = window_at(qtbot, Turn(1940, Season.FALL))
    tab = window.power_tabs["france"]
    tick(qtbot, tab, f"{LINE}: has happened")
    find(tab, f"{LINE}: season").setCurrentIndex(Season.SPRING.index)    # Spring 1940: two turns ago
    assert window.store.session.value("france", "german_first_hex") == {"year": 1940, "season": 1}
    assert text(tab, "Turn of surrender points") == "-2"


def test_a_turn_before_the_game_or_after_the_current_turn_is_refused(qtbot):
    window = window_at(qtbot, Turn(1940, Season.SPRING))
    tab = window.power_tabs["france"]
    messages: list[str] = []
    window.store.inputRefused.connect(messages.append)
    year = find(tab, f"{LINE}: year")
    assert (year.minimum(), year.maximum()) == (1939, 1940)     # the game's years only
    tick(qtbot, tab, f"{LINE}: has happened")
    before = window.store.session.value("france", "german_first_hex")
    year.setValue(1939)                                                   # Spring 1939: before the game
    assert window.store.session.value("france", "german_first_hex") == before
    assert messages and "Spring 1939 is before the game's first turn, Fall 1939" in messages[-1]
    assert shown_turn(tab) == "Spring 1940"                               # the stored turn is shown again
    find(tab, f"{LINE}: season").setCurrentIndex(Season.SUMMER.index)    # Summer 1940: not played yet
    assert window.store.session.value("france", "german_first_hex") == before
    assert "after the current turn, Spring 1940" in messages[-1]
    assert text(tab, "Turn of surrender points") == "+2"


def test_unticking_forgets_the_turn_and_undo_brings_it_back(qtbot):
    window = window_at(qtbot, Turn(1940, Season.SUMMER))
    tab = window.power_tabs["france"]
    tick(qtbot, tab, f"{LINE}: has happened")
    tick(qtbot, tab, f"{LINE}: has happened", False)
    assert window.store.session.value("france", "german_first_hex")["year"] == 0
    window.action_undo.trigger()
    assert window.store.session.value("france", "german_first_hex") == {"year": 1940, "season": 2}
    assert shown_turn(tab) == "Summer 1940"
