"""The main window's View side: its size on the screen, where the game record sits, zoom and theme, and the
size, place and choices the player left the window with.

A mixin of ``MainWindow`` (``main_window.py``); zoom and theme themselves are the shell's (``ui/shell/view.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QActionGroup, QFont
from PySide6.QtWidgets import QApplication, QMenu

from ..shell.screen import fit_to_screen, screen_of
from ..shell.theme import apply_theme, chosen_theme
from ..shell.view import DEFAULT_ZOOM, ZOOM_STEPS, add_theme_menu, base_font_size, current_zoom, show_theme, zoom_step

if TYPE_CHECKING:
    from .history import HistoryPanel

#: A window at least this wide has room for the game record beside the table (first start).
WIDE_ENOUGH_FOR_RECORD = 1500
#: Where the game record sits: key -> menu text.
HISTORY_PLACES = {"beside": "&Beside the table", "window": "In its own &window", "tab": "As a &tab"}



class WindowView:
    """View > game record, zoom and theme; the window's size and place (mixed into ``MainWindow``)."""

    def restore_geometry(self) -> None:
        """The size and place the player left the window in, the zoom, theme and game record place;
        a window that no longer fits the screen (a smaller or more scaled one) is fitted again."""
        settings = QSettings()
        # Applied, not written back: the start-up reads the settings file and writes nothing.
        self.set_zoom(int(settings.value("view/zoom", DEFAULT_ZOOM) or DEFAULT_ZOOM), remember=False)
        self.set_theme(str(settings.value("view/theme", "system") or "system"), remember=False)
        geometry = settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if not self.fits_screen():
            self.fit_to_screen()
        # Until the player chooses, a laptop-sized window shows the record as a tab, not beside the table.
        default = "beside" if self.width() >= WIDE_ENOUGH_FOR_RECORD else "tab"
        place = str(settings.value("view/gameRecord", default) or default)
        self.place_history(place if place in HISTORY_PLACES else default, show=False, remember=False)

    # -- view: window size, game record place, zoom, theme ---------------------------------------
    def _build_view_menu(self, view: QMenu) -> None:
        self.action_history = self._action("Game &record (history, chart, dice, undo)", self.show_history, "Ctrl+H")
        self.action_history.setCheckable(True)
        view.addAction(self.action_history)
        places = view.addMenu("Game record &place")
        self.place_actions = QActionGroup(self)
        for key, text in HISTORY_PLACES.items():
            action = places.addAction(text)
            action.setCheckable(True)
            action.setChecked(key == self.history_place)
            action.setData(key)
            action.triggered.connect(lambda _checked=False, place=key: self.place_history(place))
            self.place_actions.addAction(action)
        view.addSeparator()
        self.action_zoom_in = self._action("Zoom &in", lambda: self.step_zoom(1), ("Ctrl++", "Ctrl+="),
                                           "Larger text everywhere")
        self.action_zoom_out = self._action("Zoom &out", lambda: self.step_zoom(-1), "Ctrl+-", "Smaller text")
        self.action_zoom_reset = self._action("&Actual size", lambda: self.set_zoom(DEFAULT_ZOOM), "Ctrl+0",
                                              "Text at its normal size")
        for action in (self.action_zoom_in, self.action_zoom_out, self.action_zoom_reset):
            view.addAction(action)
        view.addSeparator()
        self.theme_actions = add_theme_menu(view, self, self.set_theme)
        self.zoom = DEFAULT_ZOOM
        view.aboutToShow.connect(self._show_view_state)   # a Europa window may have zoomed or changed the theme

    def _show_view_state(self) -> None:
        self.zoom = current_zoom()
        self.action_zoom_in.setEnabled(self.zoom < ZOOM_STEPS[-1])
        self.action_zoom_out.setEnabled(self.zoom > ZOOM_STEPS[0])
        show_theme(self.theme_actions)

    def fits_screen(self) -> bool:
        screen = screen_of(self)  # type: ignore[arg-type]  # mixed into MainWindow
        return screen is None or screen.availableGeometry().contains(self.frameGeometry())

    def fit_to_screen(self) -> None:
        """Open at a comfortable size, but never larger than the screen's free area, centred on it."""
        fit_to_screen(self)  # type: ignore[arg-type]  # mixed into MainWindow, a QWidget

    def _dock_visibility_changed(self, visible: bool) -> None:
        if visible:
            self._ensure_history()
        if self.history_place != "tab":
            self.action_history.setChecked(visible)

    def show_history(self, shown: bool = True) -> None:
        """View > Game record: show or hide it where the player placed it."""
        self.action_history.setChecked(shown)
        if self.history_place == "tab":
            index = self.tabs.indexOf(self.history)
            if shown:
                if index < 0:
                    index = self.tabs.addTab(self.history, "Game record")
                self.tabs.setCurrentIndex(index)
            elif index >= 0:
                self.tabs.removeTab(index)
        else:
            self.history_dock.setVisible(shown)

    def place_history(self, place: str, show: bool = True, remember: bool = True) -> None:
        """The game record beside the table (a third of the width at most), in its own window, or as
        a tab, so it never squeezes the table."""
        shown = self.action_history.isChecked()
        self.history_place = place
        for action in self.place_actions.actions():
            action.setChecked(action.data() == place)
        if remember:
            QSettings().setValue("view/gameRecord", place)
        if self._history is None and not (show or shown):
            return   # placed when it is first built (_ensure_history): not needed for the first paint
        self._place_panel(self.history)
        if show or shown:
            self.show_history(True)

    def _place_panel(self, panel: HistoryPanel) -> None:
        place = self.history_place
        index = self.tabs.indexOf(panel)
        if index >= 0:
            self.tabs.removeTab(index)
        if place == "tab":
            self.history_dock.hide()
            panel.setParent(None)
        else:
            if self.history_dock.widget() is not panel:
                self.history_dock.setWidget(panel)
            self.history_dock.setFloating(place == "window")
            if place == "window":
                self.history_dock.resize(min(520, self.width()), min(600, self.height()))
            else:
                from PySide6.QtCore import Qt

                self.resizeDocks([self.history_dock], [max(260, min(420, self.width() // 3))],
                                 Qt.Orientation.Horizontal)

    def step_zoom(self, steps: int) -> None:
        zoom = zoom_step(steps)
        if zoom is not None:
            self.set_zoom(zoom)

    def set_zoom(self, percent: int, remember: bool = True) -> None:
        """Scale every text of the app (and the tabs, which are rebuilt with the new size)."""
        percent = min(max(percent, ZOOM_STEPS[0]), ZOOM_STEPS[-1])
        app = QApplication.instance()
        if not isinstance(app, QApplication):
            return
        base = base_font_size(app)
        changed = percent != getattr(self, "zoom", DEFAULT_ZOOM) or abs(app.font().pointSizeF()
                                                                        - base * percent / 100) > 0.01
        self.zoom = percent
        if remember:
            QSettings().setValue("view/zoom", percent)
        self.action_zoom_in.setEnabled(percent < ZOOM_STEPS[-1])
        self.action_zoom_out.setEnabled(percent > ZOOM_STEPS[0])
        if not changed:
            return
        font = QFont(app.font())
        font.setPointSizeF(base * percent / 100)
        app.setFont(font)
        self._build_tabs()
        self.statusBar().showMessage(f"Zoom {percent}%", 3000)

    def set_theme(self, theme: str, remember: bool = True) -> None:
        changed = apply_theme(theme)
        chosen = chosen_theme()
        if remember:
            QSettings().setValue("view/theme", chosen)
        for action in self.theme_actions.actions():
            action.setChecked(action.data() == chosen)
        if changed:
            self._scheme_changed()
