"""No exception ends the app: an error inside an event handler is logged and said, and the app goes on.

PySide6 hands an exception raised in a Python slot to ``sys.excepthook`` and goes on, but one raised inside an
override Qt calls back (``event``, ``eventFilter``, ``focusNextPrevChild`` ...) can leave Qt's C++ with no answer:
a 5,000-digit number pasted into a number box ended the app with SIGSEGV (issue 38).  So:

- ``guard_handlers`` wraps a widget class's event handlers: an exception is caught inside the handler, handed to
  ``sys.excepthook``, and the handler gives Qt a harmless answer (the event not taken);
- ``install`` makes ``sys.excepthook`` the app's: the traceback goes to the error output and the active window's
  status bar says that something went wrong and the app went on.

Under pytest-qt the test's own hook stands in for the app's, so a caught exception still fails its test.
"""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import Any, TypeVar

#: How long the status bar shows that something went wrong (ms).
MESSAGE_MS = 15000

#: The event handlers ``guard_handlers`` wraps, with the answer each gives Qt when it raised.
HANDLERS: dict[str, object] = {
    "event": False, "eventFilter": False, "focusNextPrevChild": False,
    "keyPressEvent": None, "keyReleaseEvent": None, "focusInEvent": None, "focusOutEvent": None,
    "showEvent": None, "hideEvent": None, "wheelEvent": None, "mousePressEvent": None,
    "mouseReleaseEvent": None, "stepBy": None, "changeEvent": None,
}

T = TypeVar("T", bound=type)


def said(error: BaseException) -> str:
    """The status bar's words for an error the app went on from."""
    kind = type(error).__name__
    text = str(error).splitlines()[0][:160] if str(error) else ""
    return (f"Something went wrong ({kind}{': ' + text if text else ''}); the app went on. "
            "What you did last may not have been taken: look at it again.")


def show_in_window(message: str) -> None:
    """``message`` in the status bar of the active window (or of any top-level window that has one)."""
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    active = app.activeWindow()
    windows = [active] if active is not None else []
    windows += [w for w in app.topLevelWidgets() if w.isVisible()]
    for window in windows:
        main = window if isinstance(window, QMainWindow) else window.parentWidget()
        while main is not None and not isinstance(main, QMainWindow):
            main = main.parentWidget()
        if isinstance(main, QMainWindow):
            main.statusBar().showMessage(message, MESSAGE_MS)
            return


def app_hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    """The app's ``sys.excepthook``: the traceback to the error output, a line in the window; never raises."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, tb)
        return
    try:
        traceback.print_exception(kind, error, tb, file=sys.stderr)
        show_in_window(said(error))
    except Exception:   # the hook of last resort says what it can and goes on
        pass


def install() -> None:
    sys.excepthook = app_hook


def hand_on(error: BaseException) -> None:
    """``error``, caught in a handler, to whichever hook is in place (the app's, or a test's)."""
    try:
        sys.excepthook(type(error), error, error.__traceback__)
    except Exception:   # a broken hook must not end the app either
        sys.__excepthook__(type(error), error, error.__traceback__)


def guarded(method: Callable[..., Any], answer: object) -> Callable[..., Any]:
    """``method``, with any exception it raises handed on and ``answer`` given back instead."""
    @functools.wraps(method)
    def handler(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except Exception as error:   # nothing escapes into Qt's C++
            hand_on(error)
            return answer
    handler.__guarded__ = True   # type: ignore[attr-defined]
    return handler


def guard_handlers(cls: T) -> T:
    """Class decorator: every event handler ``cls`` itself defines (``HANDLERS``) is ``guarded``."""
    for name, answer in HANDLERS.items():
        method = cls.__dict__.get(name)
        if callable(method) and not getattr(method, "__guarded__", False):
            setattr(cls, name, guarded(method, answer))
    return cls
