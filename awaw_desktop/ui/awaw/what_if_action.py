"""View > What-if (Ctrl+Shift+W): the menu action, with the dialog (``what_if.py``) and the power tabs it shows
loaded when it is first opened, not before the window's first paint."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from .store import SessionStore


class _WhatIfOpener(QObject):
    """Opens the dialog from a menu action (a bound method: no lambda holding the window)."""

    def __init__(self, window: QMainWindow, store: SessionStore) -> None:
        super().__init__(window)
        self._window, self._store = weakref.ref(window), weakref.ref(store)

    def open(self) -> None:
        window, store = self._window(), self._store()
        if window is not None and store is not None:
            from .what_if import open_what_if

            open_what_if(store, window)


def add_what_if_action(window: QMainWindow, menu: QMenu, store: SessionStore,
                       give_keys: Callable[[QAction, str], object]) -> QAction:
    """The "What-if..." menu action (Ctrl+Shift+W, given by ``give_keys``)."""
    action = QAction(window)
    action.setText("&What-if\u2026")
    give_keys(action, "Ctrl+Shift+W")
    action.setStatusTip("Try changes to this turn's facts without touching the game")
    action.triggered.connect(_WhatIfOpener(window, store).open)
    menu.addAction(action)
    return action
