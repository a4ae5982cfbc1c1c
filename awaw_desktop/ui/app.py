"""Starting the Qt application, and offering recovery after a crash."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from .. import __version__
from .main_window import APP_NAME, MainWindow

if TYPE_CHECKING:
    from ..core.recovery import RecoveryStore


def make_application(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setApplicationDisplayName("AWAW Surrender Assistant")
    return app


def offer_recovery(window: MainWindow, recovery: RecoveryStore, parent: QWidget | None = None) -> bool:
    """After a crash the recovery files of the last run are still there: offer the newest.

    Returns True if a session was recovered.  Files the player declines are removed."""
    from ..core.sessionfile import SessionFileError

    recovery.clean_stray_temp_files()
    entries = recovery.crash_leftovers()  # not the sessions another running copy has open
    if not entries:
        return False
    newest = entries[0]
    where = f" (from {newest.source_path.name})" if newest.source_path else " (never saved)"
    answer = QMessageBox.question(
        parent or window, "Recover unsaved work?",
        f"awaw-desktop did not close cleanly. A game with unsaved changes was kept:\n\n"
        f"{newest.title or 'Untitled game'}{where}, {newest.turn.title}, "
        f"last changed {newest.saved_at:%Y-%m-%d %H:%M}.\n\nRecover it?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
    if answer != QMessageBox.StandardButton.Yes:
        for entry in entries:
            recovery.discard(entry.id)
        return False
    try:
        session = recovery.load(newest.id)
    except SessionFileError as error:
        QMessageBox.warning(window, "Cannot recover", f"The recovery file is damaged: {error}")
        recovery.discard(newest.id)
        return False
    window.set_session(session, newest.source_path)
    # Keep it unsaved: the recovered changes are not in the user's own file yet.
    window.store.undo_stack.resetClean()
    for entry in entries:
        recovery.discard(entry.id)
    window.write_recovery()
    return True


def run_app(file: Path | None, screenshot_dir: Path | None, argv: list[str]) -> int:
    app = make_application(argv)
    if screenshot_dir is not None:
        from .screenshots import render_screenshots

        window = MainWindow()
        if file is not None and not window.open_path(file, confirmed=True):
            return 2
        for path in render_screenshots(screenshot_dir, window):
            print(path)
        return 0
    from ..core.recovery import RecoveryStore

    recovery = RecoveryStore()
    window = MainWindow(recovery=recovery)
    window.restore_geometry()
    window.show()

    def after_show() -> None:
        # Asked once the window is up, like other desktop apps offering crash recovery.
        recovered = offer_recovery(window, recovery)
        if file is not None and not recovered:
            window.open_path(file, confirmed=True)

    QTimer.singleShot(0, after_show)
    return app.exec()
