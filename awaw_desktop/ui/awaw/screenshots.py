"""``--screenshot-dir``: render the window with each tab (and each wizard page) to PNG files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QDeadlineTimer, QEventLoop
from PySide6.QtWidgets import QApplication, QGroupBox, QWidget

from .main_window import MainWindow


def _settle(milliseconds: int = 400, widget: QWidget | None = None) -> None:
    """Let what waits for the first paint (tab building, tipping points) happen before the picture: until every
    tipping panel shown is up to date and a short quiet moment has passed, at most ``milliseconds``."""
    from .tipping_panel import OverviewTipping, TippingPanel

    deadline, quiet = QDeadlineTimer(milliseconds), QDeadlineTimer(60)
    while not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        shown = [panel for panel in (widget.findChildren(QGroupBox) if widget is not None else [])
                 if isinstance(panel, (TippingPanel, OverviewTipping)) and panel.isVisible()]
        if quiet.hasExpired() and all(panel.up_to_date for panel in shown):
            return


def _settle_until(done: Callable[[], bool], milliseconds: int = 10_000) -> None:
    """Let the event loop run until ``done()`` (the tipping points worked out), at most ``milliseconds``."""
    deadline = QDeadlineTimer(milliseconds)
    while not done() and not deadline.hasExpired():
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def _grab(widget: QWidget, path: Path) -> Path:
    _settle(widget=widget)
    widget.grab().save(str(path))
    return path


def _what_if(window: MainWindow, path: Path) -> Path:
    """View > What-if on the Britain tab, with its tipping points listed."""
    from .what_if import WhatIfDialog

    dialog = WhatIfDialog(window.store, window)
    dialog.show()
    dialog.show_power("britain")
    _grab(dialog, path)
    dialog.reject()
    return path


def render_screenshots(directory: Path, window: MainWindow | None = None) -> list[Path]:
    """Render every screen to ``directory``; returns the files written, named after what they show."""
    directory.mkdir(parents=True, exist_ok=True)
    window = window or MainWindow()
    window.resize(1366, 768)
    window.show()
    _settle_until(lambda: window.overview.tipping.up_to_date)   # the pictures show answers, not the note
    written: list[Path] = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        name = window.tabs.tabText(index).replace("&", "").replace(".", "").replace(" ", "-").lower()
        written.append(_grab(window, directory / f"{index + 1:02d}-tab-{name}.png"))
    window.tabs.setCurrentIndex(0)
    window.history_dock.show()
    window.history.setCurrentIndex(1)  # the chart of levels over the turns
    written.append(_grab(window, directory / "20-game-record-chart.png"))
    window.history.setCurrentIndex(0)
    written.append(_grab(window, directory / "21-game-record-log.png"))
    window.history_dock.hide()
    from ..shell.new_game import NewSessionDialog
    from .carried import CarriedDialog
    from .end_of_turn import EndOfTurnDialog

    dialogs: list[tuple[str, QWidget]] = [
        ("22-new-game-dialog", NewSessionDialog(window)),
        ("23-end-of-turn-dialog", EndOfTurnDialog(window.store.session, window, window.open_wizard)),
        ("24-japan-carried-values-dialog", CarriedDialog(window.store.session, "japan", window)),
    ]
    for name, dialog in dialogs:
        dialog.show()
        written.append(_grab(dialog, directory / f"{name}.png"))
        dialog.close()
    written.append(_what_if(window, directory / "25-what-if-dialog.png"))
    for name, widget in window.wizard_screens():
        widget.resize(900, 680)
        widget.show()
        written.append(_grab(widget, directory / f"{name}.png"))
        widget.close()
    window.close()
    return written
