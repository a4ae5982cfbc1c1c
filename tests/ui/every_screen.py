"""Every screen of the A World at War window, shown one after the other: each tab, each dialog, each page of New game
and of both wizards.  The accessibility walk (``test_accessibility_tree.py``) and the layout check at laptop sizes
and scales (``test_every_screen_fits.py``, in processes of their own) go through the same list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QDeadlineTimer, QEvent, QEventLoop, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from awaw_desktop.ui.awaw.main_window import MainWindow

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"
#: A game where Britain offers to surrender: the end of turn asks questions and offers a wizard.
BUSY_GAME = EXAMPLES / "britain-under-pressure-1941.awaw"


class _Delivered(QObject):
    """Counts the events Qt delivers to any object (posted events, timers, layouts, paints)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, _watched: QObject, _event: QEvent) -> bool:
        self.count += 1
        return False


#: However busy the window stays (a search that never ends would be a bug of its own), settling ends after this.
SETTLE_CAP_MS = 5000


def settle(milliseconds: int = 150) -> None:
    """Let layouts, deferred refreshes and whatever the window starts within ``milliseconds`` (the tab builder, the
    tipping search's first slice and the slices after it) run, until the window is idle: a pass over the event
    queue delivers nothing and no timer of a window is due within ``milliseconds``.  Until then the event loop
    waits for the next such timer rather than spinning (a fixed 150 ms spin per screen cost the layout checks some
    3 s of a core per process)."""
    app = QApplication.instance()
    delivered = _Delivered()
    app.installEventFilter(delivered)
    deadline = QDeadlineTimer(SETTLE_CAP_MS)
    try:
        while not deadline.hasExpired():
            delivered.count = 0
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
            if delivered.count:
                continue
            due = [timer.remainingTime() for top in QApplication.topLevelWidgets()
                   for timer in top.findChildren(QTimer) if timer.isActive()]
            due = [left for left in due if 0 <= left <= milliseconds]
            if not due:
                return
            loop = QEventLoop()
            QTimer.singleShot(max(1, min(due)), loop.quit)
            loop.exec()
    finally:
        app.removeEventFilter(delivered)


def open_window(game: Path = BUSY_GAME) -> MainWindow:
    window = MainWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # closing never asks
    assert window.open_path(game, as_example=True, confirmed=True)
    window.fit_to_screen()
    window.show()
    settle(300)
    return window


def every_screen(window: MainWindow, wizards: bool = True) -> Iterator[tuple[str, QWidget]]:
    """(name, the top-level widget showing it): each shown, laid out and settled when yielded, closed after."""
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        settle()
        name = window.tabs.tabText(index).replace("&", "").replace(".", "").replace(" ", "-").lower()
        yield f"tab-{name}", window
    window.tabs.setCurrentIndex(0)
    from awaw_desktop.core.awaw import sessionfile
    from awaw_desktop.ui.awaw.carried import CarriedDialog
    from awaw_desktop.ui.awaw.details_dialog import GameDetailsDialog
    from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog
    from awaw_desktop.ui.awaw.go_back import GoBackDialog
    from awaw_desktop.ui.awaw.what_if import WhatIfDialog
    from awaw_desktop.ui.shell.new_game import NewSessionDialog
    from awaw_desktop.ui.shell.player_keys import PlayerKeysDialog
    from awaw_desktop.ui.shell.readings_dialog import ReadingsDialog
    from awaw_desktop.ui.shell.send_turn import SendTurnDialog

    session = window.store.session
    dialogs: list[tuple[str, QWidget]] = [
        ("end-of-turn", EndOfTurnDialog(session, window, window.open_wizard, window.go_to)),
        ("what-if", WhatIfDialog(window.store, window)),
        ("carried-values-japan", CarriedDialog(session, "japan", window)),
        ("carried-values-britain", CarriedDialog(session, "britain", window)),
        ("game-details", GameDetailsDialog(session, window)),
        ("readings", ReadingsDialog(window)),
        ("players-keys", PlayerKeysDialog(session.record, session.turn.title, window)),
        ("send-turn", SendTurnDialog(session.title, session.turn.title, session.record, sessionfile.dumps(session),
                                     None, window)),
    ]
    if session.checkpoints:
        dialogs.append(("go-back", GoBackDialog(session, window)))
    for name, dialog in dialogs:
        dialog.show()
        settle()
        yield name, dialog
        dialog.close()
    new_game = NewSessionDialog(window)
    new_game.show()
    settle()
    yield "new-game-fall-1939", new_game
    new_game.part("awaw").rows.year.setValue(1942)
    settle()
    yield "new-game-spring-1942", new_game
    new_game.next()
    settle()
    yield "new-game-campaign-so-far", new_game
    new_game.close()
    if not wizards:
        return
    for name, wizard in window.wizard_screens():
        wizard.show()
        settle()
        yield name, wizard
        wizard.close()
