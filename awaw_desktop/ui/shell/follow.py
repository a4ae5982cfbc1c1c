"""Refreshing a view when the game changes, but only while a player can see it.

A tab the player is not looking at does not redraw itself on every typed digit: it notes that it is behind
and catches up when it is next shown (its tab chosen, or the window shown), before that paint.  A view in a
window that has not been shown yet counts as seen if it would show with the window (tests, screenshots).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QWidget

#: Events after which a widget may be on screen: shown with its window, or shown by its tab page.
_SHOWING = (QEvent.Type.Show, QEvent.Type.ShowToParent)


def seen(widget: QWidget) -> bool:
    """The widget is on screen, or would be once its window is shown (not on a hidden tab page)."""
    window = widget.window()
    return widget is window or widget.isVisibleTo(window)


class RefreshWhenSeen(QObject):
    """Calls ``refresh`` on each change while ``widget`` is seen, else once when it is next shown.

    ``page`` is the widget a tab widget shows and hides (the widget itself, or the holder it sits in)."""

    def __init__(self, widget: QWidget, refresh: Callable[[], None], page: QWidget | None = None) -> None:
        super().__init__(widget)
        self._widget = widget
        self._refresh = refresh
        self.behind = False
        self._pages = {widget, page or widget}
        for watched in self._pages:
            watched.installEventFilter(self)

    def changed(self, *_args: object) -> None:
        if seen(self._widget):
            self.behind = False
            self._refresh()
        else:
            self.behind = True

    def catch_up(self) -> None:
        """Refresh now if a change came while the widget was hidden."""
        if self.behind:
            self.behind = False
            self._refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self.behind and event.type() in _SHOWING and watched in self._pages:
            self.catch_up()
        return False
