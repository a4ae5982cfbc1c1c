"""A nation's order of battle for the RE count (56.E) as a table the players edit in place: a row per unit, each
field changed where it stands, a unit removed by its row's button, a new one added in the last row; beside each
unit the REs it counts and why (a unit 56.E does not count is taken and counts 0, with the reason).  Refused
entries are explained under the table until they are put right."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions, actions_roster
from ...core.europa.recount import unit_counts
from ...core.europa.roster import ABROAD, HOME, RosterEntry
from ...core.frozen import replace
from ...core.lines import RulesInputError
from .fields import MessageLine, OptionalBox
from .holder import EuropaGameHolder
from .roster_row import COUNTED, FIRST_FLAG, FIRST_MDS, HEADER_TIPS, HEADERS, HOME_ONLY, WHY, RowWidgets

#: Rows shown before the table scrolls on its own (the nation's page scrolls too).
ROWS_SHOWN = 12


def _takes_tab(widget: QWidget | None) -> bool:
    return (widget is not None and widget.isEnabled() and widget.isVisible()
            and bool(widget.focusPolicy().value & Qt.FocusPolicy.TabFocus.value))


class _Grid(QTableWidget):
    """The roster's cells for the keyboard (issue 40): Tab and Shift+Tab go from field to field across the rows (a
    mark's check box, ticked with Space, included; the counted REs and the reasons, which take no input, skipped),
    the focused cell scrolled into view, in the table and on the nation's page; Tab past the last field or Shift+Tab
    before the first leaves the table.  Tabbing into the table focuses a field, never an empty cell."""

    def _stop(self, start: int, step: int) -> QModelIndex:
        columns = self.columnCount()
        cells = self.rowCount() * columns
        for position in range(start + step, cells if step > 0 else -1, step):
            row, column = divmod(position, columns)
            if _takes_tab(self.cellWidget(row, column)):
                return self.model().index(row, column)
        return QModelIndex()

    def moveCursor(self, action: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier) -> QModelIndex:
        forward = action == QAbstractItemView.CursorAction.MoveNext
        if not forward and action != QAbstractItemView.CursorAction.MovePrevious:
            return super().moveCursor(action, modifiers)
        current = self.currentIndex()
        here = current.row() * self.columnCount() + current.column() if current.isValid() else -1
        return self._stop(here, 1 if forward else -1)

    def focusNextPrevChild(self, next: bool) -> bool:
        event = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Tab if next else Qt.Key.Key_Backtab,
                          Qt.KeyboardModifier.NoModifier)
        self.keyPressEvent(event)
        if event.isAccepted():
            return True
        widget = self
        while True:   # out of the table: the next Tab stop that is not one of its cells
            widget = widget.nextInFocusChain() if next else widget.previousInFocusChain()
            if widget is self:
                return False
            if not self.isAncestorOf(widget) and widget.window() is self.window() and _takes_tab(widget):
                widget.setFocus(Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason)
                return True

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        backwards = event.reason() == Qt.FocusReason.BacktabFocusReason
        if not backwards and event.reason() != Qt.FocusReason.TabFocusReason:
            return
        target = self._stop(self.rowCount() * self.columnCount(), -1) if backwards else self._stop(-1, 1)
        if target.isValid():
            self.setCurrentIndex(target)
            widget = self.cellWidget(target.row(), target.column())
            if widget is not None and not widget.hasFocus():
                widget.setFocus(event.reason())

    def currentChanged(self, current: QModelIndex, previous: QModelIndex) -> None:
        super().currentChanged(current, previous)   # scrolls the table to the cell
        widget = self.cellWidget(current.row(), current.column()) if current.isValid() else None
        page = self.parentWidget()
        while widget is not None and page is not None and not isinstance(page, QScrollArea):
            page = page.parentWidget()
        if widget is not None and isinstance(page, QScrollArea):
            page.ensureWidgetVisible(widget, 8, 8)


class RosterTable(QWidget):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.holder, self.nation = holder, nation
        self.table = _Grid(0, len(HEADERS))
        self.table.setAccessibleName("Roster")
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        for column, (text, tip) in enumerate(zip(HEADERS, HEADER_TIPS, strict=True)):
            item = QTableWidgetItem(text)
            item.setToolTip(tip)
            self.table.setHorizontalHeaderItem(column, item)
        self.message = MessageLine("Roster message")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addWidget(self.message)
        self.rows: list[RowWidgets] = []
        self.new = RowWidgets("New unit", new=True)
        self.new.button.clicked.connect(self.add_unit)
        self.new.name.returnPressed.connect(self.add_unit)
        self.new.place.activated.connect(lambda _index: self.new.enable_for(self.new.place.currentData()))
        for field in self.new.fields():
            if hasattr(field, "refused"):
                self.message.watch(field)
        self.table.insertRow(0)
        self._place(0, self.new)
        self._size_columns()
        self.table.horizontalHeader().sectionResized.connect(lambda *_args: self._fit_height())
        self.table.viewport().installEventFilter(self)
        holder.changed.connect(self.refresh)
        self.refresh()

    # -- showing the game -------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.holder.game
        roster = game.nation(self.nation).roster
        if len(roster) != len(self.rows):
            self._rebuild(len(roster))
        counts = unit_counts(roster, actions.card_in_effect(game, self.nation))
        for row, entry, counted in zip(self.rows, roster, counts, strict=True):
            row.show(entry, counted)
        self._fit_height()

    def _rebuild(self, units: int) -> None:
        """A row per unit, then the new unit's row (always last, kept as typed): rows are added or taken away at the
        end, and each shows whatever unit stands at its place in the roster."""
        while len(self.rows) > units:
            self.rows.pop()
            self.table.removeRow(len(self.rows))
        while len(self.rows) < units:
            index = len(self.rows)
            row = RowWidgets(f"Unit {index + 1}", new=False)
            self.table.insertRow(index)
            self._place(index, row)
            row.connect(lambda change, row=row: self.change_unit(self.rows.index(row), change))
            row.button.clicked.connect(lambda _checked=False, row=row: self.remove_unit(self.rows.index(row)))
            for field in row.fields():
                if hasattr(field, "refused"):
                    self.message.watch(field)
            self.rows.append(row)

    def _place(self, index: int, row: RowWidgets) -> None:
        for column, widget in enumerate(row.cells):
            self.table.setCellWidget(index, column, widget)
            (widget.focusProxy() or widget).installEventFilter(self)   # a field clicked: Tab goes on from it

    def _size_columns(self) -> None:
        """Room for the reasons: the marks' and the numbers' columns as narrow as their headers, the reason's column
        takes the rest (widths in text sizes, so they follow View > Zoom)."""
        header = self.table.horizontalHeader()
        em = self.fontMetrics().horizontalAdvance("m")
        widths = {0: 11 * em, 1: 5 * em, 2: 7 * em, 3: 10 * em, COUNTED: 4 * em, len(HEADERS) - 1: 6 * em}
        widths.update({column: round(3.8 * em) for column in range(FIRST_FLAG, FIRST_MDS)})
        widths.update({column: 4 * em for column in range(FIRST_MDS, COUNTED)})
        for column, width in widths.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width)
        header.setSectionResizeMode(WHY, QHeaderView.ResizeMode.Fixed)
        header.setMinimumSectionSize(2 * em)
        self._fit_why()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)

    def _fit_why(self) -> None:
        """The reasons take the room the other columns leave, but never less than a short line (then the table
        scrolls sideways rather than wrapping every reason into a tall row)."""
        em = self.fontMetrics().horizontalAdvance("m")
        others = sum(self.table.columnWidth(c) for c in range(self.table.columnCount()) if c != WHY)
        room = self.table.viewport().width() - others
        width = max(24 * em, room)
        if width != self.table.columnWidth(WHY):
            self.table.horizontalHeader().resizeSection(WHY, width)
            self._fit_height()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_why()
        elif event.type() == QEvent.Type.FocusIn and isinstance(watched, QWidget):
            cell = watched
            while cell.parentWidget() not in (None, self.table.viewport()):
                cell = cell.parentWidget()
            index = self.table.indexAt(cell.geometry().center())
            if index.isValid() and index != self.table.currentIndex():
                self.table.setCurrentIndex(index)
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:   # View > Zoom
            self._size_columns()
            self._fit_height()

    def _fit_height(self) -> None:
        """Each row as tall as its reason wraps to; the table as tall as its rows, up to ROWS_SHOWN of them (then it
        scrolls)."""
        width = self.table.columnWidth(WHY)
        lowest = max(cell.sizeHint().height() for cell in self.new.cells if cell is not self.new.why)
        for index, row in enumerate([*self.rows, self.new]):
            self.table.setRowHeight(index, max(lowest, row.why.heightForWidth(max(width - 6, 40)) + 4))
        shown = min(self.table.rowCount(), ROWS_SHOWN)
        rows = sum(self.table.rowHeight(i) for i in range(shown))
        frame = self.table.frameWidth() * 2
        others = sum(self.table.columnWidth(c) for c in range(self.table.columnCount()) if c != WHY)
        needed = others + 24 * self.fontMetrics().horizontalAdvance("m")
        scroll = self.table.horizontalScrollBar().sizeHint().height() if needed > self.table.viewport().width() else 0
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height() + rows + frame + scroll)

    # -- changes ----------------------------------------------------------------------------
    def _apply(self, label: str, change: Any) -> bool:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self.message.say(str(error))
            self.refresh()
            return False
        return True

    def change_unit(self, index: int, change: dict[str, Any]) -> None:
        roster = self.holder.game.nation(self.nation).roster
        if not 0 <= index < len(roster):
            return
        if change.get("where") not in (None, HOME):   # marks that do not apply there go with the move
            change.update({key: False for key in HOME_ONLY})
        if change.get("where") not in (None, ABROAD):
            change.update(mds_major=0, mds_minor=0)
        try:
            unit = replace(roster[index], **change)
        except RulesInputError as error:
            self.message.say(str(error))
            return
        name = unit.label or f"unit {index + 1}"
        if self._apply(f"Change {name} in the {self.nation} roster",
                       lambda game: actions_roster.change_unit(game, self.nation, index, unit)):
            self.message.say("")

    def remove_unit(self, index: int) -> None:
        roster = self.holder.game.nation(self.nation).roster
        if 0 <= index < len(roster):
            name = roster[index].label or f"unit {index + 1}"
            if self._apply(f"Remove {name} from the {self.nation} roster",
                           lambda game: actions_roster.remove_unit(game, self.nation, index)):
                self.message.say(f"Removed {name} (Edit > Undo brings it back).")

    def new_unit(self) -> RosterEntry:
        """The unit the new row describes; raises RulesInputError naming what is missing."""
        row = self.new
        if not row.res.settle():
            raise RulesInputError("the new unit's REs are not a number of REs (see above)")
        missing = [what for what, empty in (("a name", not row.name.text().strip()),
                                            ("its REs", row.res.value() is None),
                                            ("its force", row.force.currentIndex() < 0),
                                            ("its place", row.place.currentIndex() < 0)) if empty]
        where = row.place.currentData()
        mds = {key: box.entered() for key, box in row.mds.items() if isinstance(box, OptionalBox)}
        if where == ABROAD and any(value is None for value in mds.values()):
            missing.append("its MDs in major and in minor countries (0 if none)")
        if missing:
            raise RulesInputError(f"give the new unit {', '.join(missing)}, then Add unit")
        res = row.res.value()
        assert res is not None
        distance = {key: (value or 0) if where == ABROAD else 0 for key, value in mds.items()}
        return RosterEntry(row.name.text().strip(), res, force=str(row.force.currentData()), where=str(where),
                           **distance, **{key: box.isChecked() and (key not in HOME_ONLY or where == HOME)
                                          for key, box in row.flags.items()})

    def add_unit(self) -> None:
        try:
            unit = self.new_unit()
        except RulesInputError as error:
            self.message.say(str(error))
            return
        if self._apply(f"Add {unit.label} to the {self.nation} roster",
                       lambda game: actions_roster.add_unit(game, self.nation, unit)):
            self._clear_new_row()
            self.message.say(f"Added {unit.label}.")

    def _clear_new_row(self) -> None:
        """Nothing carried over to the next unit: every field back to its placeholder."""
        row = self.new
        row.name.clear()
        row.res.show_value(None)
        for combo in (row.force, row.place):
            combo.setCurrentIndex(-1)
        for box in row.flags.values():
            box.setChecked(False)
        for box in row.mds.values():
            if isinstance(box, OptionalBox):
                box.clear_entry()
        row.enable_for(None)
        row.name.setFocus()
