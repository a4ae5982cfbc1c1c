"""View > Zoom and Theme in the Europa window: the main window's steps, keys, theme choices and settings
(``ui.window_view`` and ``ui.theme`` are read, not changed), so a choice made in either window holds in both
and is remembered for the next start.  The main window's game-record places have no Europa counterpart."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu

from ..shell.keys import install_keys
from ..shell.theme import apply_theme, chosen_theme
from ..shell.view import (
    DEFAULT_ZOOM,
    ZOOM_STEPS,
    add_theme_menu,
    base_font_size,
    current_zoom,
    show_theme,
    zoom_step,
)


class ViewMenu:
    """Zoom in, Zoom out, Actual size and Theme, built into ``menu`` of ``window``."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        self.window = window
        self.zoom_in = self._action(menu, "Zoom &in", lambda: self.step_zoom(1), ("Ctrl++", "Ctrl+="),
                                    "Larger text everywhere")
        self.zoom_out = self._action(menu, "Zoom &out", lambda: self.step_zoom(-1), ("Ctrl+-",), "Smaller text")
        self.zoom_reset = self._action(menu, "&Actual size", lambda: self.set_zoom(DEFAULT_ZOOM), ("Ctrl+0",),
                                       "Text at its normal size")
        menu.addSeparator()
        self.themes = add_theme_menu(menu, window, self.set_theme)
        menu.aboutToShow.connect(self.show_state)   # the main window may have changed either since
        self.show_state()

    def _action(self, menu: QMenu, text: str, slot: object, keys: tuple[str, ...], tip: str) -> QAction:
        action = QAction(text, self.window)
        install_keys(action, keys)
        action.setStatusTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def show_state(self) -> None:
        zoom = current_zoom()
        self.zoom_in.setEnabled(zoom < ZOOM_STEPS[-1])
        self.zoom_out.setEnabled(zoom > ZOOM_STEPS[0])
        show_theme(self.themes)

    def step_zoom(self, steps: int) -> None:
        zoom = zoom_step(steps)
        if zoom is not None:
            self.set_zoom(zoom)

    def set_zoom(self, percent: int) -> None:
        """Every text of the app at ``percent`` of its normal size, remembered as the main window does."""
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        percent = min(max(percent, ZOOM_STEPS[0]), ZOOM_STEPS[-1])
        font = QFont(app.font())
        font.setPointSizeF(base_font_size(app) * percent / 100)
        app.setFont(font)
        QSettings().setValue("view/zoom", percent)
        self.show_state()
        self.window.statusBar().showMessage(f"Zoom {percent}%", 3000)

    def set_theme(self, theme: str) -> None:
        apply_theme(theme)
        QSettings().setValue("view/theme", chosen_theme())
        self.show_state()
