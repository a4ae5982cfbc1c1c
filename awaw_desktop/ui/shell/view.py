"""View > Zoom and View > Theme, shared by every family's window: the zoom is the application's font (one for all
windows), the theme the application's palette (``theme.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication, QMenu

from .theme import THEMES, chosen_theme

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

#: View > Zoom steps (percent of the normal text size).
ZOOM_STEPS = (70, 80, 90, 100, 110, 125, 150, 175, 200)
DEFAULT_ZOOM = 100
#: The application property keeping the unzoomed text size (zoom is the app's font, shared by every window).
BASE_FONT_PROPERTY = "awawBaseFontSize"


def base_font_size(app: QApplication) -> float:
    """The text size at 100%, noted the first time the zoom is set or read."""
    base = app.property(BASE_FONT_PROPERTY)
    if not isinstance(base, float) or base <= 0:
        base = float(app.font().pointSizeF())
        app.setProperty(BASE_FONT_PROPERTY, base)
    return base


def current_zoom() -> int:
    """The zoom in force in the whole app (the AWAW or a Europa window may have set it), as the nearest step."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return DEFAULT_ZOOM
    percent = app.font().pointSizeF() / base_font_size(app) * 100
    return min(ZOOM_STEPS, key=lambda step: abs(step - percent))


def zoom_step(steps: int) -> int | None:
    """The zoom one step larger (``steps`` > 0) or smaller than the one in force, or None at either end."""
    zoom = current_zoom()   # another window may have zoomed since
    larger = [step for step in ZOOM_STEPS if step > zoom]
    smaller = [step for step in ZOOM_STEPS if step < zoom]
    if steps > 0 and larger:
        return larger[0]
    if steps < 0 and smaller:
        return smaller[-1]
    return None


def add_theme_menu(menu: QMenu, owner: QObject, choose: Callable[[str], None]) -> QActionGroup:
    """View > Theme: one checkable action per theme, calling ``choose`` with its key."""
    themes = menu.addMenu("&Theme")
    group = QActionGroup(owner)
    for key, text in THEMES:
        action = themes.addAction(text)
        action.setCheckable(True)
        action.setData(key)
        action.triggered.connect(lambda _checked=False, theme=key: choose(theme))
        group.addAction(action)
    show_theme(group)
    return group


def show_theme(group: QActionGroup) -> None:
    """Tick the theme in force (the player's choice, from either window)."""
    chosen = chosen_theme()
    for action in group.actions():
        action.setChecked(action.data() == chosen)
