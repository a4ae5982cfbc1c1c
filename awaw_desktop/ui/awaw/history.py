"""The game record: end-of-turn log, a chart of levels over the turns, dice, and undo history.

The record and dice texts are rebuilt only when the record or the dice changed, and only while the panel is
shown: a hidden panel catches up when it is shown again (typing a number changes neither).
"""

from __future__ import annotations

import itertools
from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QShowEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QTabWidget, QUndoView, QWidget

from ...core.awaw import assess
from ...core.awaw.levels import NOT_IN_SCENARIO, recorded_levels
from ..shell.theme import points_text
from .store import SessionStore

#: How each die was had, in the players' words (a die's source in the session is a code).
DIE_WORDS = {"typed": "typed from a real die", "rolled": "rolled by the app"}

#: One colour per power; each line also carries a distinct dash pattern and its name at the end.
POWER_COLOURS = {
    "germany": "#4d4d4d", "italy": "#2e8b57", "japan": "#c0392b", "france": "#2c6fbb",
    "britain": "#8e44ad", "russia": "#d35400", "china": "#b7950b", "election": "#16a085",
}
DASHES = [Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine]


class LevelChart(QWidget):
    """Each power's level at every end of turn, drawn with QPainter (no QtCharts needed)."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setMinimumSize(320, 240)
        self.setAccessibleName("Chart of each power's level over the turns")
        store.resultsChanged.connect(self.update)

    def series(self) -> tuple[list[str], dict[str, list[int | None]]]:
        """Each power's level at each end of turn; None where it had none (the election in a turn without one, a
        power the scenario leaves out)."""
        entries = [entry for entry in self.store.session.history if entry.kind == "end-of-turn"]
        turns = [entry.turn.title for entry in entries]
        values: dict[str, list[int | None]] = {}
        left_out = NOT_IN_SCENARIO[self.store.session.scenario]   # no line for a power not in the scenario
        for power in assess.DISPLAY_ORDER:
            levels = [None if power in left_out else entry.levels.get(power) for entry in entries]
            if any(level is not None for level in levels):
                values[power] = [None if level is None else int(level) for level in levels]
        return turns, values

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_colour = self.palette().windowText().color()
        turns, values = self.series()
        label_width = max(self.fontMetrics().horizontalAdvance(assess.title(p)) for p in assess.DISPLAY_ORDER)
        area = QRectF(40, 12, max(10, self.width() - 40 - label_width - 20), max(10, self.height() - 44))
        painter.setPen(QPen(text_colour, 1))
        if not turns:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             "The chart fills in at each end of turn.")
            return
        known = [level for levels in values.values() for level in levels if level is not None]
        low, high = min(known, default=0), max(known, default=0)
        low, high = min(low, 0) - 1, max(high, 0) + 1
        def point(index: int, level: int) -> QPointF:
            x = area.left() + (area.width() * index / max(1, len(turns) - 1))
            y = area.bottom() - area.height() * (level - low) / (high - low)
            return QPointF(x, y)
        zero = point(0, 0).y()
        painter.drawLine(QPointF(area.left(), zero), QPointF(area.right(), zero))
        painter.drawText(QRectF(0, zero - 8, 36, 16), Qt.AlignmentFlag.AlignRight, "0")
        painter.drawText(QRectF(0, area.top() - 6, 36, 16), Qt.AlignmentFlag.AlignRight, f"{high}")
        painter.drawText(QRectF(0, area.bottom() - 10, 36, 16), Qt.AlignmentFlag.AlignRight, f"{low}")
        painter.drawText(QRectF(area.left(), area.bottom() + 8, 200, 16), Qt.AlignmentFlag.AlignLeft, turns[0])
        painter.drawText(QRectF(area.right() - 200, area.bottom() + 8, 200, 16), Qt.AlignmentFlag.AlignRight,
                         turns[-1])
        ends: list[tuple[float, str, QColor]] = []
        for number, (power, levels) in enumerate(values.items()):
            colour = QColor(POWER_COLOURS[power])
            painter.setPen(QPen(colour, 2, DASHES[number % len(DASHES)]))
            points = [None if level is None else point(i, level) for i, level in enumerate(levels)]
            for a, b in itertools.pairwise(points):
                if a is not None and b is not None:   # no line across a turn without a level
                    painter.drawLine(a, b)
            shown = [p for p in points if p is not None]
            for p in shown:
                painter.drawEllipse(p, 2.5, 2.5)
            ends.append((shown[-1].y(), assess.title(power), colour))
        # Names at the line ends, nudged apart so that equal levels stay readable.
        gap = self.fontMetrics().height()
        placed: list[float] = []
        for y, name, colour in sorted(ends):
            y = max(y, placed[-1] + gap) if placed else y
            placed.append(y)
            painter.setPen(QPen(colour, 1))
            painter.drawText(QPointF(area.right() + 8, y + gap / 3), name)


class HistoryPanel(QTabWidget):
    """Record, chart, dice and undo history, for a dock beside the tabs."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.record = QLabel()
        self.record.setObjectName("historyRecord")
        self.record.setWordWrap(True)
        self.record.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.record.setTextFormat(Qt.TextFormat.RichText)
        self.record.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addTab(self._scrolled(self.record), "Record")
        self.chart = LevelChart(store)
        self.addTab(self.chart, "Chart")
        self.dice = QLabel()
        self.dice.setObjectName("diceLog")
        self.dice.setWordWrap(True)
        self.dice.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.addTab(self._scrolled(self.dice), "Dice")
        self.entries = QLabel()
        self.entries.setObjectName("recordEntries")
        self.entries.setWordWrap(True)
        self.entries.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.entries.setTextFormat(Qt.TextFormat.RichText)
        self.entries.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addTab(self._scrolled(self.entries), "Entries")
        self._entries_shown: object = None
        store.recordChanged.connect(self._changed)
        self.undo_view = QUndoView(store.undo_stack)
        self.undo_view.setEmptyLabel("Game as opened")
        self.undo_view.setAccessibleName("Undo history: click a step to go back to it")
        self.addTab(self.undo_view, "Undo")
        #: What the texts show: the record's and the dice's lengths and last items (compared by identity:
        #: records are never changed once made, so a change anywhere shows at the end).
        self._shown: tuple[object, ...] | None = None
        store.resultsChanged.connect(self._changed)
        store.sessionReplaced.connect(self._changed)
        self.refresh()

    def _changed(self) -> None:
        if self.isVisible():
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.refresh()   # catches up with what changed while hidden (nothing if nothing did)

    def _state(self) -> tuple[object, ...]:
        session = self.store.session
        return (len(session.history), session.history[-1] if session.history else None,
                len(session.dice), session.dice[-1] if session.dice else None)

    def _same(self, state: tuple[object, ...]) -> bool:
        return self._shown is not None and all(a is b or (isinstance(a, int) and a == b)
                                               for a, b in zip(self._shown, state, strict=True))

    def _refresh_entries(self) -> None:
        """The game record's entries, newest first, under its head code (``core/record``)."""
        record = self.store.session.record
        if record.head == self._entries_shown:
            return
        self._entries_shown = record.head
        rows = "".join(f"<li>{escape(entry.line())}</li>" for entry in reversed(record.entries))
        count = len(record.entries)
        self.entries.setText(f"<p><b>Record {escape(record.code)}</b>: {count} entr{'y' if count == 1 else 'ies'}, "
                             "every recorded step, never erased (an undone step is an entry too). Quote the code "
                             "to the other player: the same code means the same game.</p><ol reversed>" + rows +
                             "</ol>")
        self.entries.setAccessibleName(f"Game record {record.code}, {count} entries")

    @staticmethod
    def _scrolled(widget: QWidget) -> QScrollArea:
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(widget)
        # A Tab stop with a name: the arrow keys scroll the text in it.
        scroll.setAccessibleName(f"{widget.accessibleName() or 'Game record'}, to scroll")
        return scroll

    def refresh(self) -> None:
        session = self.store.session
        self.chart.update()
        self._refresh_entries()
        state = self._state()
        if self._same(state):
            return
        self._shown = state
        if not session.history:
            self.record.setText("<i>Nothing recorded yet: end the Allied player turn (Turn menu) to log it.</i>")
        else:
            parts = []
            for entry in reversed(session.history):
                # Only the levels there are to read: a power the scenario leaves out is not listed (54.11, 62.46B),
                # as the election in a turn without one never was.
                shown = recorded_levels(session.scenario, entry.levels)
                order = [key for key in assess.DISPLAY_ORDER if key in shown] + \
                    [key for key in shown if key not in assess.DISPLAY_ORDER]   # as the Overview lists them
                levels = ", ".join(f"{assess.title(k)} {points_text(shown[k])}" for k in order)
                events = "".join(f"<li><b>{escape(e.rule)}</b> {escape(e.text)}</li>" for e in entry.events)
                parts.append(f"<p><b>{escape(entry.title)}</b><br><small>{escape(levels)}</small></p>"
                             + (f"<ul>{events}</ul>" if events else ""))
            self.record.setText("".join(parts))
        if not session.dice:
            self.dice.setText("<i>No dice rolled yet.</i>")
        else:
            self.dice.setText("<br>".join(
                f"{escape(roll.turn.title)}: {escape(roll.purpose)} ({escape(roll.rule)}) \u2014 "
                f"<b>{roll.value}</b>, {escape(DIE_WORDS.get(roll.source, roll.source))}"
                for roll in reversed(session.dice)))
