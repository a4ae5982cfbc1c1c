"""What-if: try changes to this turn's facts without touching the game.

The dialog works on a copy of the session in a second ``SessionStore`` (its own tabs, its own undo).
Every power's level and status are shown as "now -> if"; the shown power's tipping points, to try with
one click, come in slices as on the tabs (``tipping_panel``).  Discard, Esc or closing the dialog forgets
the changes; "Apply to the game" makes them in the real store as one undo step.
"""

from __future__ import annotations

import copy
import weakref
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..core.awaw import assess
from ..core.session import Session
from .power_tab import PowerTab, points_text
from .store import SessionStore, describe_change
from .theme import status_text
from .tipping_panel import tipping_source

if TYPE_CHECKING:
    from ..core.awaw.tipping import TippingPoint


def tried_changes(real: Session, trial: Session) -> list[str]:
    """The facts the trial changed, each as an undo step names it ("Britain: British DP level set to -3")."""
    changes: list[str] = []
    for power in assess.DISPLAY_ORDER:
        for line in real.lines(power):
            if line.input_kind == "derived":
                continue
            old, new = real.value(power, line.id), trial.value(power, line.id)
            old, new = (list(old) if isinstance(old, tuple) else old), (list(new) if isinstance(new, tuple) else new)
            if old != new:
                changes.append(describe_change(power, line, old, new))
        if real.carry.get(power) != trial.carry.get(power):
            changes.append(f"{assess.title(power)}: carried values adjusted")
    return changes


class WhatIfDialog(QDialog):
    """Try changes on a copy; compare every power now and if; apply them as one step or discard them."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.real = store
        self.trial = SessionStore(store.session.snapshot(), self)
        self.setWindowTitle("What-if")
        self.setAccessibleName("What-if")
        layout = QVBoxLayout(self)
        intro = QLabel("Try changes here: the game is not touched. <b>Apply to the game</b> makes them as one "
                       "undo step; <b>Discard</b> or Esc forgets them.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        compare = QGroupBox("Now \u2192 if")
        grid = QGridLayout(compare)
        for column, text in enumerate(("Power", "Level", "Status")):
            grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        self.rows: dict[str, tuple[QLabel, QLabel]] = {}
        for row, power in enumerate(assess.DISPLAY_ORDER, start=1):
            title = assess.title(power)
            level, status = QLabel(), QLabel()
            level.setAccessibleName(f"{title} level now -> if")
            status.setAccessibleName(f"{title} status now -> if")
            grid.addWidget(QLabel(title), row, 0)
            grid.addWidget(level, row, 1)
            grid.addWidget(status, row, 2)
            self.rows[power] = (level, status)
        grid.setColumnStretch(2, 1)
        side = QWidget()   # now -> if beside the tabs, so the tables keep their height
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(compare)
        self.changes = QLabel()
        self.changes.setWordWrap(True)
        self.changes.setAccessibleName("What-if changes")
        side_layout.addWidget(self.changes)
        side_layout.addStretch(1)
        self.tabs = QTabWidget()
        self.power_tabs = {power: PowerTab(self.trial, power) for power in assess.DISPLAY_ORDER}
        for power, tab in self.power_tabs.items():
            self.tabs.addTab(tab, assess.title(power))
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(side)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(1, 1)
        layout.addWidget(splitter, 1)
        tries = QHBoxLayout()
        self.tipping_choice = QComboBox()
        self.tipping_choice.setAccessibleName("Tipping point to try")
        self.tipping_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.try_button = QPushButton("Try this change")
        self.try_button.setAccessibleName("Try the chosen tipping point")
        self.try_button.clicked.connect(self.try_tipping_point)
        tries.addWidget(QLabel("What tips it:"))
        tries.addWidget(self.tipping_choice, 1)
        tries.addWidget(self.try_button)
        layout.addLayout(tries)
        self._tipping_points: list[TippingPoint] = []
        self._listing: str | None = None   # the power whose tipping points are awaited
        tipping_source(self.trial).ready.connect(self._fill_tipping_points)
        self.tabs.currentChanged.connect(self._tab_changed)
        buttons = QDialogButtonBox()
        self.apply_button = QPushButton("Apply to the game")
        self.apply_button.setAccessibleName("Apply the what-if changes to the game")
        self.discard_button = QPushButton("Discard")
        self.discard_button.setAccessibleName("Discard the what-if changes")
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.apply_button.clicked.connect(self.apply)
        self.discard_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.trial.resultsChanged.connect(self.compare)
        self.resize(1340, 820)
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        if screen is not None:   # fit a laptop screen: never larger than the free area
            free = screen.availableGeometry()
            self.resize(min(1340, free.width() - 40), min(820, free.height() - 60))
        self.compare()

    def _tab_changed(self, _index: int) -> None:
        self.list_tipping_points()

    def current_power(self) -> str:
        return next(power for power, tab in self.power_tabs.items() if tab is self.tabs.currentWidget())

    def list_tipping_points(self) -> None:
        """The shown power's tipping points, as the trial stands, to try with one click: asked for in
        slices (the dialog stays responsive); the list is empty until they are there."""
        self._tipping_points = []
        self.tipping_choice.clear()
        self.try_button.setEnabled(False)
        self._listing = self.current_power()
        tipping_source(self.trial).request([self._listing])
        self._fill_tipping_points()

    def _fill_tipping_points(self) -> None:
        source = tipping_source(self.trial)
        answers = source.known([self._listing]) if self._listing is not None else None
        if answers is None or self._listing is None:
            return
        self._tipping_points = list(answers[self._listing].points)
        self._listing = None
        self.tipping_choice.addItems([point.text for point in self._tipping_points])
        self.try_button.setEnabled(bool(self._tipping_points))

    def try_tipping_point(self) -> None:
        index = self.tipping_choice.currentIndex()
        if 0 <= index < len(self._tipping_points):
            change = self._tipping_points[index].change
            self.trial.set_value(change.power, change.line_id, change.new)

    def show_power(self, power: str) -> None:
        self.tabs.setCurrentWidget(self.power_tabs[power])

    def compare(self) -> None:
        now, then = self.real.results, self.trial.results
        for power, (level, status) in self.rows.items():
            before, after = now[power], then[power]
            moved = (before.level, before.status) != (after.level, after.status)
            level_text = f"{points_text(before.level)} -> {points_text(after.level)}"
            status_words = f"{status_text(before.status)} -> {status_text(after.status)}"
            level.setText(f"<b>{level_text}</b>" if moved else level_text)
            status.setText(f"<b>{escape(status_words)}</b>" if moved else escape(status_words))
            level.setTextFormat(Qt.TextFormat.RichText)
            status.setTextFormat(Qt.TextFormat.RichText)
        tried = tried_changes(self.real.session, self.trial.session)
        self.changes.setText("Changes tried: " + "; ".join(tried) if tried else "No change tried yet.")
        self.apply_button.setEnabled(bool(tried))
        self.list_tipping_points()

    def apply(self) -> None:
        """Make the tried changes in the game as one undo step, and leave."""
        tried = tried_changes(self.real.session, self.trial.session)
        if tried:
            inputs, carry = copy.deepcopy(self.trial.session.inputs), copy.deepcopy(self.trial.session.carry)
            facts = copy.deepcopy(self.trial.session.facts)

            def make(session: Session) -> None:
                session.inputs, session.carry, session.facts = inputs, carry, facts

            count = len(tried)
            self.real.change_session(f"What-if applied: {tried[0]}" if count == 1
                                     else f"What-if applied: {count} changes", make)
        self.accept()


def open_what_if(store: SessionStore, parent: QWidget | None = None) -> WhatIfDialog:
    """Show the What-if dialog (window-modal: the game waits until it is applied or discarded)."""
    dialog = WhatIfDialog(store, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog


class _WhatIfOpener(QObject):
    """Opens the dialog from a menu action (a bound method: no lambda holding the window)."""

    def __init__(self, window: QMainWindow, store: SessionStore) -> None:
        super().__init__(window)
        self._window, self._store = weakref.ref(window), weakref.ref(store)

    def open(self) -> None:
        window, store = self._window(), self._store()
        if window is not None and store is not None:
            open_what_if(store, window)


def add_what_if_action(window: QMainWindow, menu: QMenu, store: SessionStore) -> QAction:
    """The "What-if..." menu action (Ctrl+Shift+W)."""
    action = QAction("&What-if\u2026", window)
    action.setShortcut(QKeySequence("Ctrl+Shift+W"))
    action.setStatusTip("Try changes to this turn's facts without touching the game")
    action.triggered.connect(_WhatIfOpener(window, store).open)
    menu.addAction(action)
    return action
