"""Eleventh play-test: a game called "Game [*] one" kept its "[*]" out of the title bar, as Qt reads "[*]" as the
place of its unsaved mark; a surrendered France's wrapped total keeps the window narrow at a large zoom; and the
boxes of Germany's first hex in France show the turn the game recorded, as the line's note does."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLineEdit, QMessageBox

from awaw_desktop.ui.awaw.main_window import MainWindow

from .helpers import find, painted


def shown_title(window: MainWindow) -> str:
    """The title as the window system gets it (Qt's mark placed or dropped)."""
    handle = window.windowHandle()
    assert handle is not None
    return handle.title()


def test_a_game_named_with_the_unsaved_mark_shows_it_as_written(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.show()
    painted(qtbot, window)

    def fill_details() -> None:   # File > Game details... is a modal dialog: filled as a player fills it
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QDialog)
        title = find(dialog, "Game title", QLineEdit)
        assert isinstance(title, QLineEdit)
        title.setText("Game [*] one")
        dialog.accept()

    QTimer.singleShot(0, fill_details)
    window.action_details.trigger()
    qtbot.waitUntil(lambda: shown_title(window).startswith("Game [*] one* \u2014 "))   # changed: Qt's mark after it
    window.store.undo_stack.setClean()
    qtbot.waitUntil(lambda: shown_title(window).startswith("Game [*] one \u2014 "))


def test_a_surrendered_france_keeps_the_window_within_a_laptop_screen_at_150_percent(qtbot):
    from awaw_desktop.core.awaw.session import Session

    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    session = Session.new()
    session.carry["france"].update(surrendered=True, surrender_turn={"year": 1940, "season": "summer"},
                                   surrender_level=-1, vichy=True)
    window.set_session(session, None)
    window.show()
    painted(qtbot, window)
    window.show_power("france")
    total = find(window, "France total")
    qtbot.waitUntil(lambda: "surrendered" in total.text())
    try:
        window.set_zoom(150, remember=False)
        window.show_power("france")
        QApplication.processEvents()
        assert window.minimumSizeHint().width() <= 1366
    finally:
        window.set_zoom(100, remember=False)


def test_the_first_german_hex_boxes_show_the_recorded_turn_after_the_surrender(qtbot):
    from PySide6.QtWidgets import QComboBox, QSpinBox

    from awaw_desktop.core.awaw.common import Edition, Season, Turn
    from awaw_desktop.core.awaw.session import Session

    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    session = Session.new(edition=Edition.UPDATED, turn=Turn(1940, Season.FALL))
    session.carry["france"].update(surrendered=True, surrender_turn={"year": 1940, "season": "summer"},
                                   surrender_level=-1, vichy=True,
                                   german_first_hex_turn={"year": 1940, "season": "summer"})
    window.set_session(session, None)
    window.show()
    painted(qtbot, window)
    window.show_power("france")
    season = find(window, "Germany's first hex in France: season", QComboBox)
    year = find(window, "Germany's first hex in France: year", QSpinBox)
    assert isinstance(season, QComboBox) and isinstance(year, QSpinBox)
    qtbot.waitUntil(lambda: (season.currentText(), year.value()) == ("Summer", 1940))   # not the current Fall 1940
    note = [label.text() for label in window.power_tabs["france"].findChildren(QLabel) if "(recorded)" in label.text()]
    assert note == ["Summer 1940 (recorded)"]
