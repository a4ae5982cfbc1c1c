"""The game record: end-of-turn log, a chart of levels over the turns (and the same figures as a table), dice, the
record's entries, and undo history.

Each list is a model over the session's own entries (``ui.shell.record_list``): only the rows on screen are built,
and a change adds or removes rows at the end, never rebuilds the list.  The panel follows the store only while it is
shown (a hidden panel catches up when it is shown again), and a change that adds no entry (typing a number) costs a
few identity checks: nothing in a change's path grows with the game.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QSplitter, QTabWidget, QUndoView, QVBoxLayout, QWidget

from ...core.awaw import assess
from ...core.awaw.levels import recorded_levels
from ...core.awaw.session import DieRoll, HistoryEntry
from ...core.record.chain import Entry
from ..shell.record_list import EntryList
from ..shell.record_views import entry_words
from ..shell.theme import points_text
from .level_chart import LevelChart, LevelSeries, level_table
from .store import SessionStore

#: How each die was had, in the players' words (a die's source in the session is a code).
DIE_WORDS = {"typed": "typed from a real die", "rolled": "rolled by the app"}


def die_words(roll: DieRoll) -> str:
    return (f"{roll.turn.title}: {roll.purpose} ({roll.rule}) \u2014 {roll.value}, "
            f"{DIE_WORDS.get(roll.source, roll.source)}")


class HistoryPanel(QTabWidget):
    """Record, chart, dice, entries and undo history, for a dock beside the tabs."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.record = EntryList("Game record: each end of turn and outcome, newest first", self._history_line,
                                self._history_details, newest_first=True,
                                empty="Nothing recorded yet: end the Allied player turn (Turn menu) to log it.")
        self.record.setObjectName("historyRecord")
        self.addTab(self.record, "Record")
        self.levels = LevelSeries()
        self.chart = LevelChart(self.levels)
        self._chart_page = QSplitter(Qt.Orientation.Vertical)
        self._chart_page.setChildrenCollapsible(False)
        self._chart_page.addWidget(self.chart)
        #: The chart's figures as a table (issue 41.4), built when the Chart tab is first shown.
        self.table = None
        self.addTab(self._chart_page, "Chart")
        self.dice = EntryList("Dice, newest first", die_words, newest_first=True, empty="No dice rolled yet.")
        self.dice.setObjectName("diceLog")
        self.addTab(self.dice, "Dice")
        entries_page = QWidget()
        self.entries_head = QLabel()
        self.entries_head.setTextFormat(Qt.TextFormat.PlainText)
        self.entries_head.setWordWrap(True)
        self.entries = EntryList("Game record entries, newest first", entry_words, newest_first=True)
        self.entries.setObjectName("recordEntries")
        layout = QVBoxLayout(entries_page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.entries_head)
        layout.addWidget(self.entries, 1)
        self.addTab(entries_page, "Entries")
        self._head_shown: object = None
        self.undo_view = QUndoView(store.undo_stack)
        self.undo_view.setEmptyLabel("Game as opened")
        self.undo_view.setUniformItemSizes(True)   # a long game's steps are not each measured when the stack moves
        self.undo_view.setAccessibleName("Undo history: click a step to go back to it")
        self.addTab(self.undo_view, "Undo")
        store.resultsChanged.connect(self._changed)
        store.recordChanged.connect(self._changed)
        store.sessionReplaced.connect(self._changed)
        self.currentChanged.connect(self._changed)
        self.refresh()

    # -- words ---------------------------------------------------------------------------------
    def _shown_levels(self, entry: HistoryEntry) -> list[tuple[str, int]]:
        # Only the levels there are to read: a power the scenario leaves out is not listed (54.11, 62.46B), as the
        # election in a turn without one never was; in the Overview's order.
        shown = recorded_levels(self.store.session.scenario, entry.levels)
        order = [key for key in assess.DISPLAY_ORDER if key in shown] + \
            [key for key in shown if key not in assess.DISPLAY_ORDER]
        return [(key, shown[key]) for key in order]

    def _history_line(self, entry: HistoryEntry) -> str:
        levels = ", ".join(f"{assess.title(key)} {points_text(level)}" for key, level in self._shown_levels(entry))
        happened = f" ({len(entry.events)} event{'' if len(entry.events) == 1 else 's'})" if entry.events else ""
        return f"{entry.title}{happened}: {levels}" if levels else f"{entry.title}{happened}"

    def _history_details(self, entry: HistoryEntry) -> str:
        levels = ", ".join(f"{assess.title(key)} {points_text(level)}" for key, level in self._shown_levels(entry))
        lines = [entry.title] + ([levels] if levels else [])
        lines += [f"{event.rule} {event.text}" for event in entry.events]
        return "\n".join(lines)

    # -- following the store -------------------------------------------------------------------
    def _changed(self, *_args: object) -> None:
        if self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()   # catches up with what changed while hidden (nothing if nothing did)

    def _ensure_table(self) -> None:
        if self.table is None:
            self.table = level_table(self.levels)
            self._chart_page.addWidget(self.table)
            self._chart_page.setSizes([3, 2])

    def refresh(self) -> None:
        """What changed since the panel last looked, in the tab shown (the others when they are shown)."""
        session = self.store.session
        page = self.currentWidget()
        if self.levels.show(session.history, session.scenario) != "same":   # the chart's, and its table's, series
            self.chart.update()
        if page is self._chart_page:
            self._ensure_table()
        if self.table is not None and self.table.model().sync() == "added":
            self.table.scrollToBottom()
        if page is self.record:
            self.record.show_entries(session.history)
        elif page is self.dice:
            self.dice.show_entries(session.dice)
        elif page is not self.undo_view:
            self._refresh_entries()

    def _refresh_entries(self) -> None:
        """The game record's entries, newest first, under its head code (``core/record``)."""
        record = self.store.session.record
        entries: tuple[Entry, ...] = record.entries
        self.entries.show_entries(entries)
        if record.head == self._head_shown:
            return
        self._head_shown = record.head
        count = len(entries)
        self.entries_head.setText(f"Record {record.code}: {count} entr{'y' if count == 1 else 'ies'}, every recorded "
                                  "step, never erased (an undone step is an entry too). Quote the code to the other "
                                  "player: the same code means the same game.")
        self.entries.view.setAccessibleName(f"Game record {record.code}, {count} entries, newest first")
