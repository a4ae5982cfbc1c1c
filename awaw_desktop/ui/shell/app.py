"""Starting the Qt application, and offering recovery after a crash.

What the first paint does not need (the recovery store, and with it pydantic) is loaded after it.
``AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT=1``: print ``first-paint`` once the window is first painted, then quit
(``benchmarks/run.py`` times the real launch path to that line).
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from ... import __version__
from ...core.family import DEFAULT_FAMILY
from .families import GameWindow, every_family, windows

if TYPE_CHECKING:
    from ...core.files.recovery import RecoveryEntry, RecoveryStore

#: The application's name: its settings, its data folders, its window titles.
APP_NAME = "awaw-desktop"
#: The app's id on the desktop: its menu entry (``<APP_ID>.desktop``), icon and metainfo (packaging/linux/).
APP_ID = "io.github.awaw_desktop.AwawDesktop"
#: The window icon's sizes, shipped in the package (``resources/icons/awaw-desktop-<N>.png``).
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)


def make_application(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setApplicationDisplayName("AWAW Surrender Assistant")
    # The desktop matches the windows to the menu entry (its name and icon in the task bar, Wayland's app id).
    app.setDesktopFileName(APP_ID)
    return app


def give_window_icon(app: QApplication) -> None:
    """Every window's icon (the task bar's, the title bar's, X11's ``_NET_WM_ICON``), from the PNGs shipped with
    the package: given after the first paint, since reading the images is work the first paint can do without."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QIcon

    from ...paths import resources_dir

    icon = QIcon()
    for size in ICON_SIZES:
        path = resources_dir() / "icons" / f"awaw-desktop-{size}.png"
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))   # read when a size is asked for, not now
    if not icon.isNull():
        app.setWindowIcon(icon)


def ask_recovery(entries: list[RecoveryEntry], parent: QWidget) -> dict[str, str]:
    """Recovery id -> "recover", "keep" or "discard", as the player chose in the prompt."""
    from .recovery_dialog import RecoveryDialog

    dialog = RecoveryDialog(entries, parent)
    dialog.exec()
    return dialog.decisions()


def offer_recovery(window: GameWindow, recovery: RecoveryStore, parent: QWidget | None = None) -> bool:
    """After a crash the recovery files of the last run are still there: list each of them.

    Returns True if a session was recovered.  Only the files the player declines are removed;
    the others stay to be offered at the next start."""

    from ...core.files.atomic_file import SessionFileError

    recovery.clean_stray_temp_files()
    entries = recovery.crash_leftovers()  # not the sessions another running copy has open
    if not entries:
        return False
    decisions = ask_recovery(entries, parent or window)  # type: ignore[arg-type]  # a family window is a QWidget
    for entry in entries:
        if decisions.get(entry.id) == "discard":
            recovery.discard(entry.id)
    chosen = next((entry for entry in entries if decisions.get(entry.id) == "recover"), None)
    if chosen is None:
        return False
    try:
        loaded = recovery.load_game(chosen.id)
    except SessionFileError as error:
        from ...core.files.incomplete_file import file_problem
        from . import plain_text

        plain_text.warn(parent or window, "Cannot recover",  # type: ignore[arg-type]  # a QWidget
                        file_problem("The recovery file", error))
        recovery.discard(chosen.id)
        return False
    from .recovery_dialog import recovery_name

    name = recovery_name(chosen)
    if loaded.family != DEFAULT_FAMILY:  # another rules family: a window of its own, through its File > Open checks
        from .family_window import open_checked

        if open_checked(parent or window, loaded.family, loaded.game,  # type: ignore[arg-type]  # a QWidget
                        chosen.source_path, recovery, name, recovered=True) is None:
            return False   # an older copy the players chose not to go on from: kept, offered at the next start
        recovery.discard(chosen.id)
        return True
    from .record_open import check_copy  # this computer's memory, as File > Open asks it

    copy = check_copy(parent or window, loaded.game.record, name)  # type: ignore[arg-type]  # a QWidget
    if copy is False:
        return False
    window.set_game(loaded.game, chosen.source_path)
    recovery.discard(chosen.id)  # the window writes its own recovery file from now on
    window.keep_unsaved()  # the recovered changes are not in the player's own file yet
    window.after_file_opened(copy, name)
    return True


#: Set to 1: print the time of the first paint and quit (for benchmarks).
EXIT_AFTER_FIRST_PAINT = "AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT"


#: If no paint has come by then (a window started minimised), recovery is set up anyway.
FIRST_PAINT_FALLBACK_MS = 2000


class FirstPaint(QObject):
    """Calls ``then`` once, in the event-loop turn after the window's first paint."""

    def __init__(self, window: QWidget, then: Callable[[], None]) -> None:
        super().__init__(window)
        self._then = then
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False


def resume_collector() -> None:
    """What start-up made lives as long as the app (rules, modules, Qt's wrappers): kept out of the cyclic
    collector's full passes, which otherwise held the window up to 35 ms at times while the tipping search ran
    (benchmarks/tipping.py --freeze: worst hold 33 -> 14 ms).  The collector, off while start-up built it
    (``cli.run``), runs again from here."""
    gc.freeze()
    gc.enable()


def open_sent_files(window: GameWindow, files: list[Path]) -> None:
    """Files a second start or the system sent this app: each opened as File > Open opens it, in the window in
    front (a game of another family, or a file already open, goes to its own window), which comes to the front."""
    from PySide6.QtWidgets import QMainWindow

    from .family_window import bring_to_front

    front = QApplication.activeWindow()
    target: Any = front if front is not None and hasattr(front, "open_path") else window
    for file in files:
        target.open_path(file)
    if isinstance(target, QMainWindow):
        bring_to_front(target)


def run_app(file: Path | None, screenshot_dir: Path | None, argv: list[str]) -> int:
    from .excepthook import install

    install()   # an exception in a handler is logged and said in the window; the app goes on
    app = make_application(argv)
    running = None
    if screenshot_dir is None and os.environ.get(EXIT_AFTER_FIRST_PAINT) != "1":
        from .single_instance import FileOpenEvents, RunningApp

        running = RunningApp.start([file] if file is not None else [])   # one running app per user (issue 39)
        if running is None:
            print("awaw-desktop: the running awaw-desktop took the file", file=sys.stderr)
            return 0
        FileOpenEvents(app, running.open_files)   # macOS: a file opened from Finder while the app runs
        app.aboutToQuit.connect(running.stop)
    first = windows(DEFAULT_FAMILY)
    if screenshot_dir is not None:
        window = first.new_window()
        resume_collector()
        if file is not None and not window.open_path(file, confirmed=True):
            return 2
        for path in first.screenshots(screenshot_dir, window):
            print(path)
        for other in every_family():   # every family's screens: the others with an example game of theirs
            if other.key != first.key:
                for path in other.screenshots(screenshot_dir, None):
                    print(path)
        return 0
    window = first.new_window()
    window.restore_geometry()
    assert isinstance(window, QWidget)
    shown: QWidget = window
    if os.environ.get(EXIT_AFTER_FIRST_PAINT) == "1":
        def report_first_paint() -> None:
            resume_collector()
            print("first-paint", flush=True)
            print("first-paint", file=sys.stderr, flush=True)   # marks where -X importtime's lines reach the paint
            app.quit()

        FirstPaint(shown, report_first_paint)
        shown.show()
        return app.exec()

    def after_show() -> None:
        # The recovery store (and pydantic, which it needs) loads after the first paint; no change can be
        # made before this runs.  Recovery is asked once the window is up, like other desktop apps.
        if window.recovery is not None:
            return   # already done (the first paint, or the fallback timer below if no paint came)
        resume_collector()
        give_window_icon(app)
        from ...core.files.recovery import RecoveryStore

        recovery = RecoveryStore()
        window.recovery = recovery
        app.aboutToQuit.connect(recovery.release_all)
        recovered = offer_recovery(window, recovery)
        if file is not None and not recovered:
            window.open_path(file, confirmed=True)
        if running is not None:
            running.listen(lambda files: open_sent_files(window, files))

    FirstPaint(shown, after_show)
    shown.show()
    QTimer.singleShot(FIRST_PAINT_FALLBACK_MS, after_show)
    return app.exec()
