"""The chart of each power's level over the turns, and its text alternative: the same figures as a table (issue 41.4).

Both read one ``LevelSeries``: each power's level at each end of turn, kept as the game grows (a new end of turn adds
its column; an undo drops it; another game starts it over), so neither walks the whole game after a change.  The
chart is drawn into a picture kept until the series, its size or its colours change (a repaint without a change is
a copy of it), with a line between each two turns of a power's levels (a long game's in columns of a few pixels);
points are marked only while they stand apart.
The table (a ``QTableView`` over ``LevelTableModel``) is built when the Chart tab is first shown and adds a row per
end of turn; a screen reader reads each cell as "Germany, Fall 1939: +3"."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QLineF, QModelIndex, QPersistentModelIndex, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from ...core.awaw import assess
from ...core.awaw.levels import NOT_IN_SCENARIO
from ..shell.theme import points_text

Index = QModelIndex | QPersistentModelIndex

#: One colour per power; each line also carries a distinct dash pattern and its name at the end.
POWER_COLOURS = {
    "germany": "#4d4d4d", "italy": "#2e8b57", "japan": "#c0392b", "france": "#2c6fbb",
    "britain": "#8e44ad", "russia": "#d35400", "china": "#b7950b", "election": "#16a085",
}
DASHES = [Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine, Qt.PenStyle.DashDotLine]
#: Points are marked with a dot while they stand at least this many pixels apart.
DOT_SPACING = 6.0
#: A long game is drawn as columns this many pixels wide, each with at most four points (``runs``).
PIXELS_PER_COLUMN = 3
#: A table cell for a turn without a level (the election in a turn without one).
NO_LEVEL = "\u2014"


class LevelSeries:
    """Each power's level at each end of turn of ``history`` (``show``), kept as the game grows."""

    def __init__(self) -> None:
        self.turns: list[str] = []
        self.levels: dict[str, list[int | None]] = {power: [] for power in assess.DISPLAY_ORDER}
        self.left_out: frozenset[str] = frozenset()
        #: The history entries read (by identity: entries are never changed once made), and their count.
        self._read: list[object] = []
        self.version = 0

    def show(self, history: Sequence[Any], scenario: str) -> str:
        """Bring the series up to ``history``: "same", "added", "removed" or "reset"."""
        left_out = frozenset(NOT_IN_SCENARIO[scenario])
        old, new = len(self._read), len(history)
        if left_out == self.left_out and new >= old and (old == 0 or history[old - 1] is self._read[-1]):
            if new == old:
                return "same"
            self._add(history[old:])
            return "added"
        if left_out == self.left_out and 0 < new < old and history[new - 1] is self._read[new - 1]:
            dropped = self._read[new:]
            del self._read[new:]
            ends = sum(1 for entry in dropped if getattr(entry, "kind", "") == "end-of-turn")
            if ends:
                del self.turns[len(self.turns) - ends:]
                for levels in self.levels.values():
                    del levels[len(levels) - ends:]
            self.version += 1
            return "removed"
        self.left_out = left_out
        self.turns, self._read = [], []
        self.levels = {power: [] for power in assess.DISPLAY_ORDER}
        self._add(history)
        return "reset"

    def _add(self, entries: Sequence[Any]) -> None:
        for entry in entries:
            self._read.append(entry)
            if entry.kind != "end-of-turn":
                continue
            self.turns.append(entry.turn.title)
            for power, levels in self.levels.items():
                level = None if power in self.left_out else entry.levels.get(power)
                levels.append(None if level is None else int(level))
        self.version += 1

    def powers(self) -> list[str]:
        """The powers with a level at some end of turn, in the Overview's order."""
        return [power for power, levels in self.levels.items() if any(level is not None for level in levels)]

    def values(self) -> dict[str, list[int | None]]:
        return {power: list(self.levels[power]) for power in self.powers()}


def runs(levels: Sequence[int | None], columns: int) -> list[list[tuple[int, int]]]:
    """The points to draw of one power's levels: runs of (turn index, level) between turns without a level.  More
    turns than ``columns`` (a few pixels each) are drawn as each column's first, lowest, highest and last
    level, in turn order: the same picture, at most four points a column whatever the game's length."""
    per_column = max(1, -(-len(levels) // max(1, columns)))
    found: list[list[tuple[int, int]]] = []
    run: list[tuple[int, int]] = []
    for start in range(0, len(levels), per_column):
        end = min(start + per_column, len(levels))
        column = levels[start:end]
        if None not in column:   # the usual column: its points found by the built-ins, not one by one
            if len(column) > 4:
                low, high = min(column), max(column)   # type: ignore[type-var]
                run.extend(sorted({(start, column[0]), (start + column.index(low), low),
                                   (start + column.index(high), high), (end - 1, column[-1])}))
            else:
                run.extend(zip(range(start, end), column, strict=True))   # type: ignore[arg-type]
            continue
        mark = len(run)   # where this column's points begin in the run
        for index in range(start, end):
            level = levels[index]
            if level is None:
                if run:
                    found.append(run)
                run, mark = [], 0
                continue
            run.append((index, level))
        if len(run) - mark > 4:   # the column's first, lowest, highest and last of this run
            part = run[mark:]
            keep = {part[0], min(part, key=lambda p: p[1]), max(part, key=lambda p: p[1]), part[-1]}
            run[mark:] = sorted(keep)
    if run:
        found.append(run)
    return found


class LevelChart(QWidget):
    """Each power's level at every end of turn, drawn with QPainter (no QtCharts needed)."""

    def __init__(self, series: LevelSeries, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.levels = series
        self.setMinimumSize(320, 200)
        self.setAccessibleName("Chart of each power's level over the turns")
        self.setAccessibleDescription("The same figures are in the table under the chart")
        self._picture: QPixmap | None = None
        self._drawn: tuple[object, ...] = ()

    def series(self) -> tuple[list[str], dict[str, list[int | None]]]:
        """Each power's level at each end of turn; None where it had none (the election in a turn without one, a
        power the scenario leaves out)."""
        return list(self.levels.turns), self.levels.values()

    def paintEvent(self, event: QPaintEvent) -> None:
        ratio = self.devicePixelRatioF()
        key = (self.levels.version, self.width(), self.height(), ratio, self.palette().windowText().color().rgba(),
               self.font().key())
        if self._picture is None or key != self._drawn:
            picture = QPixmap(max(1, round(self.width() * ratio)), max(1, round(self.height() * ratio)))
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            painter = QPainter(picture)
            self._draw(painter)
            painter.end()
            self._picture, self._drawn = picture, key
        QPainter(self).drawPixmap(0, 0, self._picture)

    def _draw(self, painter: QPainter) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self.font())
        text_colour = self.palette().windowText().color()
        turns, powers = self.levels.turns, self.levels.powers()
        metrics = self.fontMetrics()
        label_width = max(metrics.horizontalAdvance(assess.title(p)) for p in assess.DISPLAY_ORDER)
        area = QRectF(40, 12, max(10, self.width() - 40 - label_width - 20), max(10, self.height() - 44))
        painter.setPen(QPen(text_colour, 1))
        if not turns:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "The chart fills in at each end of turn.")
            return
        known = [level for power in powers for level in self.levels.levels[power] if level is not None]
        low, high = min(min(known, default=0), 0) - 1, max(max(known, default=0), 0) + 1
        step = area.width() / max(1, len(turns) - 1)
        scale = area.height() / (high - low)

        def point(index: int, level: int) -> QPointF:
            return QPointF(area.left() + step * index, area.bottom() - scale * (level - low))

        zero = point(0, 0).y()
        painter.drawLine(QPointF(area.left(), zero), QPointF(area.right(), zero))
        painter.drawText(QRectF(0, zero - 8, 36, 16), Qt.AlignmentFlag.AlignRight, "0")
        painter.drawText(QRectF(0, area.top() - 6, 36, 16), Qt.AlignmentFlag.AlignRight, f"{high}")
        painter.drawText(QRectF(0, area.bottom() - 10, 36, 16), Qt.AlignmentFlag.AlignRight, f"{low}")
        painter.drawText(QRectF(area.left(), area.bottom() + 8, 200, 16), Qt.AlignmentFlag.AlignLeft, turns[0])
        painter.drawText(QRectF(area.right() - 200, area.bottom() + 8, 200, 16), Qt.AlignmentFlag.AlignRight,
                         turns[-1])
        ends: list[tuple[float, str, QColor]] = []
        dots = step >= DOT_SPACING
        columns = max(2, int(area.width() / PIXELS_PER_COLUMN))
        for number, power in enumerate(powers):
            colour = QColor(POWER_COLOURS[power])
            painter.setPen(QPen(colour, 2, DASHES[number % len(DASHES)]))
            last: QPointF | None = None
            for run in runs(self.levels.levels[power], columns):   # no line across a turn without a level
                shown = [point(index, level) for index, level in run]
                if len(shown) > 1:   # lines, not one polyline: Qt strokes a long antialiased polyline as one
                    painter.drawLines([QLineF(a, b) for a, b in itertools.pairwise(shown)])   # shape, 50 x slower
                if dots or len(shown) == 1:
                    for spot in shown:
                        painter.drawEllipse(spot, 2.5, 2.5)
                last = shown[-1]
            if last is not None:
                ends.append((last.y(), assess.title(power), colour))
        # Names at the line ends, nudged apart so that equal levels stay readable.
        gap = metrics.height()
        placed: list[float] = []
        for y, name, colour in sorted(ends):
            y = max(y, placed[-1] + gap) if placed else y
            placed.append(y)
            painter.setPen(QPen(colour, 1))
            painter.drawText(QPointF(area.right() + 8, y + gap / 3), name)


class LevelTableModel(QAbstractTableModel):
    """The chart's figures: a row per end of turn, a column per power (``sync`` after the series changed)."""

    def __init__(self, series: LevelSeries, parent: Any = None) -> None:
        super().__init__(parent)
        self.levels = series
        self._powers: list[str] = []
        self._rows = 0

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._powers)

    def _cell(self, row: int, column: int) -> str:
        level = self.levels.levels[self._powers[column]][row]
        return NO_LEVEL if level is None else points_text(level)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row, column = index.row(), index.column()
        if not (0 <= row < self._rows and 0 <= column < len(self._powers)):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._cell(row, column)
        if role in (Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.ToolTipRole):
            level = self._cell(row, column)
            return (f"{assess.title(self._powers[column])}, {self.levels.turns[row]}: "
                    f"{'no level' if level == NO_LEVEL else level}")
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return None
        if orientation == Qt.Orientation.Horizontal:
            return assess.title(self._powers[section]) if 0 <= section < len(self._powers) else None
        return self.levels.turns[section] if 0 <= section < self._rows else None

    def sync(self) -> str:
        """Follow the series: rows added or removed at the end, or the table over (a power's column came or
        went, another game)."""
        powers, rows = self.levels.powers(), len(self.levels.turns)
        if powers != self._powers:
            self.beginResetModel()
            self._powers, self._rows = powers, rows
            self.endResetModel()
            return "reset"
        if rows > self._rows:
            self.beginInsertRows(QModelIndex(), self._rows, rows - 1)
            self._rows = rows
            self.endInsertRows()
            return "added"
        if rows < self._rows:
            self.beginRemoveRows(QModelIndex(), rows, self._rows - 1)
            self._rows = rows
            self.endRemoveRows()
            return "removed"
        if rows:   # an end of turn undone and another made: the last row's figures may differ
            self.dataChanged.emit(self.index(rows - 1, 0), self.index(rows - 1, len(powers) - 1))
        return "same"


def level_table(series: LevelSeries) -> QTableView:
    """The chart's text alternative, read by a screen reader: a table with a row per end of turn."""
    table = QTableView()
    table.setObjectName("levelTable")
    table.setAccessibleName("Each power's level over the turns, as a table")
    table.setAccessibleDescription("A row per end of turn, a column per power: the figures the chart draws")
    table.setModel(LevelTableModel(series, table))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
    table.setWordWrap(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    table.verticalHeader().setSectionResizeMode(table.verticalHeader().ResizeMode.Fixed)   # no row measured
    table.horizontalHeader().setSectionResizeMode(table.horizontalHeader().ResizeMode.Stretch)
    return table
