"""The Overview's game-over banner says when it rests on a DP level nobody typed (fifth play-test: France and
Britain out in 1940, Russia's DP level never entered, and the app declared the game over with only a small
warning in the end-of-turn list)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMessageBox

from awaw_desktop.core.awaw import facts_settled
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow

from .campaign_helpers import power_tab, show_tab
from .helpers import find, painted, type_number

BANNER = "Allied defeat (62.91)"


def france_and_britain_out() -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1940, Season.FALL))
    session.carry["france"].update(surrendered=True, surrender_turn=Turn(1940, Season.SUMMER).to_json(),
                                   surrender_level=2, vichy=True)
    session.carry["britain"].update(surrendered=True, at_peace=True, surrender_level=-3)
    facts_settled.settle_from_carry(session.facts, session.carry, session.turn)
    return session


def test_a_game_over_resting_on_an_untyped_russian_dp_level_says_so_and_typing_it_lifts_it(qtbot) -> None:
    """Issue 28: the Overview no longer declares the game over on a value nobody typed: it says what would follow
    and what it waits for (and the end of turn asks for it)."""
    window = MainWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # teardown must not ask
    qtbot.addWidget(window)
    window.show()
    painted(qtbot, window)
    window.set_session(france_and_britain_out(), None)
    show_tab(window, "Overview")
    banner = find(window.overview, BANNER, QLabel).text()
    assert "the game is over" not in banner and "Not settled: an Allied defeat (62.91) would follow" in banner
    assert "Russian DP level: not entered; counted as 0" in banner, banner
    assert "French" not in banner, "France has surrendered: its values decide nothing"
    assert "Not settled" in find(window.overview, "Russia status", QLabel).text()
    type_number(qtbot, power_tab(window, "russia"), "Russian DP level", 1)
    show_tab(window, "Overview")
    banner = find(window.overview, BANNER, QLabel).text()
    assert "No Allied defeat" in banner and "not entered" not in banner, banner


def test_a_line_of_one_number_named_as_the_line_is_named_once(qtbot) -> None:
    """Sixth play-test: China's "Wang infantry factors in China" read "...: Wang infantry factors in China"."""
    from PySide6.QtWidgets import QAbstractSpinBox

    window = MainWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    china = power_tab(window, "china")
    box = find(china, "Wang infantry factors in China", QAbstractSpinBox)
    shown = [label.text() for label in box.parentWidget().findChildren(QLabel) if label.isVisibleTo(china)]
    assert "Wang infantry factors in China" not in shown
    assert not any(name.startswith("Wang infantry factors in China:") for name in
                   (child.accessibleName() for child in china.findChildren(QAbstractSpinBox)))


def test_a_move_since_the_last_end_of_turn_reads_as_a_change_not_a_level() -> None:
    """Issue 28: "+2 (was +18)" read as a level of +2."""
    from awaw_desktop.ui.awaw.overview import change_text

    assert change_text(20, 18) == "up 2 from +18"
    assert change_text(-1, 2) == "down 3 from +2"
    assert change_text(0, 0) == "no change"
