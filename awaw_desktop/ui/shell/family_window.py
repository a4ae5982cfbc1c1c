"""Which window shows a game: each rules family makes its own windows (``families.WindowFamily``), and a game or
file of another family than the window in front opens in a window of its own family.  A file already open in
such a window brings that window to the front instead of opening a second one on the same file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from ...core.files import atomic_file
from .accessible import speak_status_bar
from .families import windows

#: Windows opened here, kept alive until they close.
_open: list[QMainWindow] = []


def open_game_window(key: str, game: Any, path: Path | None, recovery: Any = None) -> QMainWindow:
    """A new window of the game's family showing ``game`` (``path``: the file it came from, or None)."""
    made = windows(key).new_window()
    if recovery is not None:
        made.recovery = recovery
    made.set_game(game, path)
    assert isinstance(made, QMainWindow)
    window = made
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    speak_status_bar(window.statusBar())   # a screen reader hears the window's messages (issue 29)
    _open.append(window)
    window.destroyed.connect(lambda *_args, w=window: _open.remove(w) if w in _open else None)
    window.show()
    return window


def same_file(one: Path, other: Path) -> bool:
    """One file (``core.files.atomic_file.same_file``: never raises, a symbolic-link loop included)."""
    return atomic_file.same_file(one, other)


def window_showing(path: Path) -> QMainWindow | None:
    """The family window (opened here) that already shows the file at ``path``, if any."""
    for window in _open:
        shown = getattr(window, "path", None)
        if isinstance(shown, Path) and same_file(shown, Path(path)):
            return window
    return None


def bring_to_front(window: QMainWindow) -> None:
    """Show a window that is already open instead of a second one on the same file."""
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()
    window.statusBar().showMessage(f"{Path(getattr(window, 'path', '')).name} is open in this window", 5000)


def open_elsewhere(parent: QWidget, own_key: str, path: Path, recovery: object = None) -> bool | None:
    """If ``path`` holds a game of another family than ``own_key``, open it in that family's window
    (True), or refuse it with a message, leaving the open game as it was (False).  None: the file is
    the caller's own family, or cannot tell its family; the caller opens it as before."""
    from ...core.files import gamefile
    from ...core.files.atomic_file import SessionFileError

    key = gamefile.family_of_file(path)
    if key is None or key == own_key:
        return None
    showing = window_showing(path)
    if showing is not None:   # the file is open already: that window, not a second one
        bring_to_front(showing)
        return True
    try:
        loaded = gamefile.load(path)
    except SessionFileError as error:
        from . import plain_text

        plain_text.warn(parent, "Cannot open this file", f"{path.name}: {error}\n\nThe open game is unchanged.")
        return False
    return open_checked(parent, loaded.family, loaded.game, Path(path), recovery, Path(path).name) is not None


def open_checked(parent: QWidget, key: str, game: Any, path: Path | None, recovery: object = None,
                 name: str = "", recovered: bool = False) -> QMainWindow | None:
    """A copy of a game shown in a new window of its family through the checks of that family's File > Open: this
    computer's memory first (an older or forked copy is named, and opened only if the players say so: None when they
    do not), then, once it is shown, the window's own ``after_file_opened`` (the signature warning, going on
    recorded, "Since your last turn").  ``recovered``: a crash leftover, unsaved until saved to its file."""
    from .record_open import check_copy

    copy = check_copy(parent, game.record, name or (path.name if path is not None else "This game"))
    if copy is False:
        return None
    window = open_game_window(key, game, path, recovery)
    shown: Any = window   # a family window (families.GameWindow)
    if recovered:
        shown.keep_unsaved()
    shown.after_file_opened(copy, name or (path.name if path is not None else window.windowTitle()))
    return window
