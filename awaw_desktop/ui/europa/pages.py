"""The tabs of the Europa window, in order: Overview, Turn track, a tab per nation, German aid, City points.  Kept
apart from ``window`` (files, menus): the window asks for its pages to be built, kept in step with the nations, and
shown; Ctrl+1 to Ctrl+9 choose a tab by its place, as in the A World at War window."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QTabWidget, QWidget

from ..shell.focus_order import make_readable
from .aid_tab import GermanAidTab
from .city_tab import CityPointsTab
from .holder import EuropaGameHolder
from .input_keys import pass_undo_keys
from .nation_panel import NationPanel
from .overview import OverviewTab
from .turn_track import TurnTrack

OVERVIEW, TURN_TRACK, GERMAN_AID, CITY_POINTS = "Overview", "Turn track", "German aid", "City points"


class EuropaPages:
    def __init__(self, tabs: QTabWidget) -> None:
        self.tabs = tabs
        self.overview: OverviewTab | None = None
        self.track: TurnTrack | None = None
        self.aid: GermanAidTab | None = None
        self.cities: CityPointsTab | None = None
        self.panels: dict[str, NationPanel] = {}
        self.shortcuts: list[QShortcut] = []
        #: Told when a nation's private screen changes page (a cover up or down: ``moment_lock``).
        self.moment_changed: Callable[[], None] = lambda: None
        #: Once a change has rebuilt its rows, the page on show is made readable again (issue 29).
        self._readable = QTimer(tabs)
        self._readable.setSingleShot(True)
        self._readable.setInterval(0)
        self._readable.timeout.connect(self.make_readable)
        tabs.currentChanged.connect(lambda _index: self._readable.start())

    def build(self, holder: EuropaGameHolder) -> TurnTrack:
        """Every tab for a game just shown (the nations' come with ``sync``)."""
        self.overview = OverviewTab(holder)
        self.track = TurnTrack(holder)
        self.aid = GermanAidTab(holder)
        self.cities = CityPointsTab(holder)
        for page, title in ((self.overview, OVERVIEW), (self.track, TURN_TRACK), (self.aid, GERMAN_AID),
                            (self.cities, CITY_POINTS)):
            self.tabs.addTab(page, title)
        self.overview.openNation.connect(self.show_nation)
        self.track.openNation.connect(self.show_nation)
        self.tabs.setCurrentWidget(self.overview)
        return self.track

    def clear(self) -> None:
        while self.tabs.count():
            widget = self.tabs.widget(0)
            self.tabs.removeTab(0)
            shiboken6.delete(widget)  # now: its boxes must not refresh on a game they no longer show
        self.panels.clear()
        self.overview = self.track = self.aid = self.cities = None

    def sync(self, holder: EuropaGameHolder) -> None:
        """A tab per nation in the game (undo may add or remove one), before German aid and City points."""
        names = [nation.name for nation in holder.game.nations]
        for name in [name for name in self.panels if name not in names]:
            panel = self.panels.pop(name)
            self.tabs.removeTab(self.tabs.indexOf(panel))
            shiboken6.delete(panel)
        for name in names:
            if name not in self.panels:
                self.panels[name] = NationPanel(holder, name)
                self.panels[name].private.currentChanged.connect(lambda _page: self.moment_changed())
                before = self.tabs.indexOf(self.aid) if self.aid is not None else self.tabs.count()
                self.tabs.insertTab(before, self.panels[name], name)
        for index in range(self.tabs.count()):
            key = f" (Ctrl+{index + 1})" if index < 9 else ""
            self.tabs.setTabToolTip(index, f"{self.tabs.tabText(index)}{key}")
        self._readable.start()   # after the pages have refreshed: their rows may be new

    def make_readable(self) -> None:
        """The page on show for a screen reader and the keyboard (issue 29): Tab in the order the screen shows,
        its combo boxes captioned, its tooltips' words plain (``ui.shell.focus_order``); the game's Undo from its text
        fields (``input_keys``)."""
        page = self.tabs.currentWidget()
        if page is not None and shiboken6.isValid(page):
            make_readable(page)
            pass_undo_keys(page)

    def show_nation(self, name: str) -> None:
        if name in self.panels:
            self.show_page(self.panels[name])

    def show_page(self, page: QWidget | None) -> None:
        """``page`` on show, unless its tab is locked (a cover is up on another: ``moment_lock``)."""
        if page is not None and self.tabs.isTabEnabled(self.tabs.indexOf(page)):
            self.tabs.setCurrentWidget(page)

    def show_index(self, index: int) -> None:
        index = min(index, self.tabs.count() - 1)
        if self.tabs.isTabEnabled(index):
            self.tabs.setCurrentIndex(index)

    def install_keys(self, window: QWidget) -> None:
        """Ctrl+1 to Ctrl+9: the tab at that place."""
        for index in range(9):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), window)
            shortcut.activated.connect(lambda i=index: self.show_index(i))
            self.shortcuts.append(shortcut)

    def recolour(self) -> None:
        """The light/dark scheme changed: the chips take their colours again."""
        for page in (self.overview, *self.panels.values(), self.cities):
            if page is not None:
                page.refresh()
