"""What-if: try changes to this turn's facts without touching the game.

The dialog works on a copy of the session in a second ``SessionStore`` (its own tabs, its own undo).
Every power's level and status are shown as "now -> if"; the shown power's tipping points, to try with
one click, come in slices as on the tabs (``tipping_panel``).  Discard, Esc or closing the dialog forgets
the changes; "Apply to the game" makes them in the real store as one undo step.
"""

from __future__ import annotations

import copy
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.awaw import assess
from ...core.awaw import facts as war_facts
from ...core.awaw.common import PowerResult
from ...core.awaw.session import Session
from ..shell.accessible import LiveLabel
from ..shell.keys import is_key_of
from ..shell.screen import screen_of
from ..shell.theme import points_text
from .power_tab import PowerTab
from .status_words import StatusVoice, status_text
from .store import SessionStore, describe_change
from .tipping_panel import tipping_source, working_note

if TYPE_CHECKING:
    from ...core.awaw.tipping import TippingPoint


#: The election's level in a turn without an election (62.21), as the Overview shows it.
NO_ELECTION = "\u2014"
_NO_ELECTION_TIP = "\u2014: no election is held this turn (62.21); the table is only a forecast."


def shown_level(result: PowerResult) -> str:
    """A power's level as the Overview shows it: "+3", "0", or "\u2014" for the election in a turn without one."""
    if result.power == "election" and not result.figures.get("held", True):
        return NO_ELECTION
    return points_text(result.level)


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
        layout.setContentsMargins(6, 6, 6, 6)
        intro = QLabel("Try changes here: the game is not touched. <b>Apply to the game</b> makes them as one "
                       "undo step; <b>Discard</b> or Esc forgets them; Ctrl+Z takes back the last change tried.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        compare = QGroupBox("Now \u2192 if")
        grid = QGridLayout(compare)   # narrow: each power's status under its level, so the tables keep the width
        grid.setVerticalSpacing(2)
        grid.setHorizontalSpacing(6)
        grid.setContentsMargins(6, 6, 6, 6)
        self.rows: dict[str, tuple[QLabel, QLabel]] = {}
        for index, power in enumerate(assess.DISPLAY_ORDER):
            title = assess.title(power)
            level, status = LiveLabel(), LiveLabel()
            level.setAccessibleName(f"{title} level now -> if")
            status.setAccessibleName(f"{title} status now -> if")
            level.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            status.setIndent(8)
            row = 2 * index
            if index:
                grid.setRowMinimumHeight(row, 24)
            grid.addWidget(QLabel(f"<b>{escape(title)}</b>"), row, 0)
            grid.addWidget(level, row, 1)
            grid.addWidget(status, row + 1, 0, 1, 2)
            self.rows[power] = (level, status)
        grid.setColumnStretch(0, 1)
        side = QWidget()   # now -> if beside the tabs, so the tables keep their height
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(compare)
        self.changes = LiveLabel()
        self.changes.setWordWrap(True)
        self.changes.setAccessibleName("What-if changes")
        side_layout.addWidget(self.changes)
        side_layout.addStretch(1)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)   # no frame: the table's Points and Counted columns keep the width
        self.power_tabs = {power: PowerTab(self.trial, power) for power in assess.DISPLAY_ORDER}
        for power, tab in self.power_tabs.items():
            # Denser than on the window's tabs: beside the now -> if column the table keeps its Points and
            # Counted columns in view on a 1280x720 screen.
            tab.layout().setContentsMargins(6, 6, 0, 0)
            tab.grid.setContentsMargins(4, 4, 4, 4)
            tab.grid.setHorizontalSpacing(10)
            self.tabs.addTab(tab, assess.title(power))
        splitter = QSplitter(Qt.Orientation.Horizontal)
        # The now -> if column scrolls on a short screen (a laptop at 200%): the dialog stays inside it.
        side_scroll = QScrollArea()
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QFrame.Shape.NoFrame)
        side_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        side_scroll.setWidget(side)
        splitter.addWidget(side_scroll)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(1, 1)
        splitter.setCollapsible(1, False)
        splitter.setHandleWidth(4)
        side_scroll.setMaximumWidth(side.sizeHint().width() + 80)   # the rest is the table's
        layout.addWidget(splitter, 1)
        tries = QHBoxLayout()
        self.tipping_choice = QComboBox()
        self.tipping_choice.setAccessibleName("Tipping point to try")
        self.tipping_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.try_button = QPushButton("Try this change")
        self.try_button.setAccessibleName("Try the chosen tipping point")
        self.try_button.clicked.connect(self.try_tipping_point)
        tries_caption = QLabel("What &tips it:")
        tries_caption.setBuddy(self.tipping_choice)   # a screen reader's caption for the list (its name on Linux
        tries.addWidget(tries_caption)                 # is the item chosen)
        tries.addWidget(self.tipping_choice, 1)
        tries.addWidget(self.try_button)
        layout.addLayout(tries)
        self._tipping_points: list[TippingPoint] = []
        self._sized = False
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
        self.status_voice = StatusVoice(self.trial, self, "If: ")   # a screen reader hears what a change would do
        # Ctrl+Z and the redo keys take back and redo the changes tried, wherever the cursor is (a number box
        # lets them through, ``takes_undo_keys``); the game's own undo is the window's (tenth play-test).
        self.action_undo = self.trial.undo_stack.createUndoAction(self, "Undo the last change tried")
        self.action_undo.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.action_redo = self.trial.undo_stack.createRedoAction(self, "Redo the change tried")
        self.action_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.addAction(self.action_undo)
        self.addAction(self.action_redo)
        self.resize(1340, 820)
        screen = screen_of(parent) if parent is not None else QGuiApplication.primaryScreen()
        if screen is not None:   # fit a laptop screen: never larger than the free area (less the window frame)
            free = screen.availableGeometry()
            self.resize(min(1340, free.width() - 16), min(820, free.height() - 60))
        self.compare()

    def takes_undo_keys(self, event: QKeyEvent) -> bool:
        """True for a key of the changes tried's Undo or Redo (``NumberBox.event``)."""
        return is_key_of(event, (self.action_undo, self.action_redo))

    def _tab_changed(self, _index: int) -> None:
        self.list_tipping_points()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        splitter = self.tabs.parentWidget()
        if isinstance(splitter, QSplitter) and not self._sized:   # the table gets all the side does not need
            self._sized = True
            first = splitter.widget(0)   # the now -> if column, in its scroll area
            inner = first.widget() if isinstance(first, QScrollArea) else first
            side = inner.minimumSizeHint().width() + (first.verticalScrollBar().sizeHint().width()
                                                      if isinstance(first, QScrollArea) else 0)
            splitter.setSizes([side, max(0, splitter.width() - side - splitter.handleWidth())])

    def current_power(self) -> str:
        return next(power for power, tab in self.power_tabs.items() if tab is self.tabs.currentWidget())

    def list_tipping_points(self) -> None:
        """The shown power's tipping points, as the trial stands, to try with one click: asked for in
        slices (the dialog stays responsive); until they are there the list says it is working on it."""
        self._tipping_points = []
        self.tipping_choice.clear()
        self.try_button.setEnabled(False)
        self._listing = self.current_power()
        self.tipping_choice.setPlaceholderText(working_note(assess.title(self._listing)))
        tipping_source(self.trial).request([self._listing])
        self._fill_tipping_points()

    def _fill_tipping_points(self) -> None:
        source = tipping_source(self.trial)
        if self._listing is not None and source.problem is not None:
            self._listing = None
            self.tipping_choice.setPlaceholderText(f"No tipping points: {source.problem}")
            return
        answers = source.known([self._listing]) if self._listing is not None else None
        if answers is None or self._listing is None:
            return
        self._tipping_points = list(answers[self._listing].points)
        self._listing = None
        self.tipping_choice.setPlaceholderText("No single change to this turn's facts changes its fate.")
        self.tipping_choice.addItems([point.text for point in self._tipping_points])
        self.tipping_choice.setCurrentIndex(0 if self._tipping_points else -1)   # a placeholder selects none
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
            levels = (shown_level(before), shown_level(after))
            moved = levels[0] != levels[1] or before.status is not after.status
            level_text = levels[0] if levels == (NO_ELECTION, NO_ELECTION) else f"{levels[0]} \u2192 {levels[1]}"
            status_words = escape(status_text(before.status))
            if before.status is not after.status:   # the if under the now: the column stays narrow
                status_words += f" \u2192<br>{escape(status_text(after.status))}"
            level.setText(f"<b>{level_text}</b>" if moved else level_text)
            status.setText(f"<b>{status_words}</b>" if moved else status_words)
            level.setTextFormat(Qt.TextFormat.RichText)
            status.setTextFormat(Qt.TextFormat.RichText)
            level.setToolTip(_NO_ELECTION_TIP if NO_ELECTION in levels else "")
            status.setToolTip(f"Now: {status_text(before.status)}; if: {status_text(after.status)}")
        tried = tried_changes(self.real.session, self.trial.session)
        self.changes.setText("Changes tried: " + "; ".join(tried) if tried else "No change tried yet.")
        self.apply_button.setEnabled(bool(tried))
        self.list_tipping_points()

    def apply(self) -> None:
        """Make the tried changes in the game as one undo step, and leave."""
        tried = tried_changes(self.real.session, self.trial.session)
        if tried:
            inputs, carry = copy.deepcopy(self.trial.session.inputs), copy.deepcopy(self.trial.session.carry)
            facts = war_facts.copied(self.trial.session.facts)

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
