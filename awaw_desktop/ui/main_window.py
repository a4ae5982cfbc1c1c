"""The main window: an Overview and one tab per major power, all bound to one store."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget, QWidget

from ..core.awaw import assess
from ..core.session import Session
from .overview import OverviewTab
from .power_tab import PowerTab
from .store import SessionStore

APP_NAME = "awaw-desktop"


class MainWindow(QMainWindow):
    def __init__(self, store: SessionStore | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store or SessionStore(Session.new(), self)
        if self.store.parent() is None:
            self.store.setParent(self)
        self.path: Path | None = None
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.setUsesScrollButtons(True)
        self.setCentralWidget(self.tabs)
        self.power_tabs: dict[str, PowerTab] = {}
        self.overview: OverviewTab | None = None
        self.edition_label = QLabel()
        self.edition_label.setObjectName("editionLabel")
        self.statusBar().addPermanentWidget(self.edition_label)
        self._build_actions()
        self._build_tabs()
        self.store.sessionReplaced.connect(self._build_tabs)
        self.store.undo_stack.cleanChanged.connect(self._update_title)
        self.store.resultsChanged.connect(self._update_title)
        self.resize(1280, 820)
        self._update_title()

    # -- building --------------------------------------------------------------------------
    def _build_actions(self) -> None:
        self.menu_file = self.menuBar().addMenu("&File")
        self.menu_edit = self.menuBar().addMenu("&Edit")
        self.action_undo = self.store.undo_stack.createUndoAction(self, "&Undo")
        self.action_undo.setShortcuts(QKeySequence.StandardKey.Undo)
        self.action_redo = self.store.undo_stack.createRedoAction(self, "&Redo")
        self.action_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), *QKeySequence.keyBindings(
            QKeySequence.StandardKey.Redo)])
        self.menu_edit.addAction(self.action_undo)
        self.menu_edit.addAction(self.action_redo)
        self.menu_view = self.menuBar().addMenu("&View")
        self.tab_shortcuts: list[QShortcut] = []
        for index in range(9):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{index + 1}"), self)
            shortcut.activated.connect(lambda i=index: self.tabs.setCurrentIndex(i))
            self.tab_shortcuts.append(shortcut)
        self.action_quit = QAction("&Quit", self)
        self.action_quit.setShortcuts([QKeySequence.StandardKey.Quit, QKeySequence("Ctrl+Q")])
        self.action_quit.triggered.connect(self.close)

    def _build_tabs(self) -> None:
        current = self.tabs.currentIndex()
        while self.tabs.count():
            widget = self.tabs.widget(0)
            self.tabs.removeTab(0)
            widget.deleteLater()
        self.overview = OverviewTab(self.store)
        self.overview.openPower.connect(self.show_power)
        self.tabs.addTab(self.overview, "&Overview")
        self.power_tabs = {}
        for number, power in enumerate(assess.DISPLAY_ORDER, start=2):
            tab = PowerTab(self.store, power)
            self.power_tabs[power] = tab
            self.tabs.addTab(tab, assess.title(power))
            self.tabs.setTabToolTip(number - 1, f"{assess.title(power)} (Ctrl+{number})")
        self.tabs.setTabToolTip(0, "Overview (Ctrl+1)")
        self.tabs.setCurrentIndex(max(current, 0))
        session = self.store.session
        self.edition_label.setText(f"{session.edition.title} \u00b7 {session.scenario.title} \u00b7 "
                                   f"{session.turn.title}")

    # -- behaviour ---------------------------------------------------------------------------
    def show_power(self, power: str) -> None:
        self.tabs.setCurrentWidget(self.power_tabs[power])

    def _update_title(self, *_args: object) -> None:
        session = self.store.session
        name = self.path.name if self.path else (session.title or "Untitled game")
        self.setWindowModified(not self.store.undo_stack.isClean())
        self.setWindowTitle(f"{name}[*] \u2014 {session.edition.title} \u2014 {APP_NAME}")
        self.edition_label.setText(f"{session.edition.title} \u00b7 {session.scenario.title} \u00b7 "
                                   f"{session.turn.title}")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        QSettings().setValue("window/geometry", self.saveGeometry())
        event.accept()

    def restore_geometry(self) -> None:
        geometry = QSettings().value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)

