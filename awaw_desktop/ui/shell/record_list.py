"""A list of a game's entries for every rules family (the Game record, its dice, the record's entries, a Europa game's
log): a model over the entries as they are, and a view that builds only the rows on screen.

The model (``EntryListModel``) holds the family's sequence itself and renders an entry's words only when a row is
shown (``data``); the view's rows are one line each, of one height, so 20,000 entries cost what the rows on screen
cost.  An entry's full words (wrapped, never cut) are the row's tooltip, what a screen reader
reads for it, and the detail under the list for the row chosen.

``show`` takes the sequence after a change: entries are never changed once made, so a longer sequence whose last
shown entry is still in its place only adds rows (``beginInsertRows``), a shorter one whose last entry is one shown
only removes them (an undo), and anything else (another game) starts the list over.  Nothing is compared entry by
entry: the cost of a change does not grow with the game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractListModel, QEvent, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView, QVBoxLayout, QWidget

Index = QModelIndex | QPersistentModelIndex

DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole
#: What a screen reader reads for a row (Qt's AccessibleTextRole).
ACCESSIBLE = Qt.ItemDataRole.AccessibleTextRole


class EntryListModel(QAbstractListModel):
    """``words(entry)``: the entry in one line; ``details(entry)``: in full (the line when not given).
    ``newest_first``: row 0 is the last entry."""

    def __init__(self, words: Callable[[Any], str], details: Callable[[Any], str] | None = None,
                 newest_first: bool = False, parent: Any = None) -> None:
        super().__init__(parent)
        self._words, self._details = words, details or words
        self.newest_first = newest_first
        self._entries: Sequence[Any] = ()
        #: How many entries the view knows of, and the last of them (compared by identity).
        self._count = 0
        self._last: object = None

    # -- Qt's model ----------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default
        return 0 if parent.isValid() else self._count

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        entry = self.entry(index.row())
        if entry is None:
            return None
        if role == DISPLAY:
            return self._words(entry)
        if role in (TOOLTIP, ACCESSIBLE):
            return self._details(entry)
        return None

    # -- the entries ---------------------------------------------------------------------------
    def entry(self, row: int) -> Any:
        """The entry shown in ``row`` (None outside the list)."""
        if not 0 <= row < self._count:
            return None
        position = self._count - 1 - row if self.newest_first else row
        return self._entries[position] if position < len(self._entries) else None

    def details(self, row: int) -> str:
        entry = self.entry(row)
        return "" if entry is None else self._details(entry)

    def show(self, entries: Sequence[Any]) -> str:
        """Show ``entries`` (the whole sequence, oldest first); says what it did: "same", "added", "removed" or
        "reset" (for the tests and the caller's scrolling)."""
        old, new = self._count, len(entries)
        if new == old and (new == 0 or entries[new - 1] is self._last):
            self._entries = entries
            return "same"
        if new > old and (old == 0 or entries[old - 1] is self._last):
            first, last = (0, new - old - 1) if self.newest_first else (old, new - 1)
            self.beginInsertRows(QModelIndex(), first, last)
            self._take(entries)
            self.endInsertRows()
            return "added"
        if 0 < new < old and entries[new - 1] is self._entry_at(new - 1):
            first, last = (0, old - new - 1) if self.newest_first else (new, old - 1)
            self.beginRemoveRows(QModelIndex(), first, last)
            self._take(entries)
            self.endRemoveRows()
            return "removed"
        self.beginResetModel()
        self._take(entries)
        self.endResetModel()
        return "reset"

    def _entry_at(self, position: int) -> object:
        return self._entries[position] if position < len(self._entries) else None

    def _take(self, entries: Sequence[Any]) -> None:
        self._entries, self._count = entries, len(entries)
        self._last = entries[-1] if entries else None


class EntryList(QWidget):
    """The list of entries, one line each, and under it the chosen entry's words in full (what a tooltip shows)."""

    def __init__(self, name: str, words: Callable[[Any], str], details: Callable[[Any], str] | None = None,
                 newest_first: bool = False, empty: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = EntryListModel(words, details, newest_first, self)
        # A one-column table, not a QListView: a list view lays every row out again when rows are added (asking the
        # model for each row's index, so a change would cost the length of the game), a table's rows are spans of
        # its header of one fixed height, and only the rows on screen are asked for their words and drawn.
        self.view = QTableView()
        self.view.setObjectName(name)
        self.view.setAccessibleName(name)
        self.view.horizontalHeader().hide()
        self.view.horizontalHeader().setStretchLastSection(True)
        rows = self.view.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.view.fontMetrics().height() + 4)
        self.view.setShowGrid(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.setWordWrap(False)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setTabKeyNavigation(False)   # Tab leaves the list; the arrow keys move through it
        self.view.setModel(self.model)
        self.detail = QLabel()
        self.detail.setTextFormat(Qt.TextFormat.PlainText)   # words from a file are shown as text (issue 35.6)
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._name = name
        self.empty = QLabel(empty)
        self.empty.setTextFormat(Qt.TextFormat.PlainText)
        self.empty.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.detail)
        self.view.selectionModel().currentChanged.connect(self._current_changed)
        self._show_empty()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:   # View > Zoom: the rows follow the text's height
            self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 4)

    def show_entries(self, entries: Sequence[Any]) -> str:
        done = self.model.show(entries)
        if done != "same":
            self._show_empty()
            if done == "added" and not self.model.newest_first:
                self.view.scrollToBottom()
            self._current_changed(self.view.currentIndex())
        return done

    def rows(self) -> int:
        return self.model.rowCount()

    def row_text(self, row: int) -> str:
        """What row ``row`` shows (its one line)."""
        return str(self.model.data(self.model.index(row, 0), DISPLAY) or "")

    def texts(self) -> list[str]:
        """Every row's line, in the order shown (for the tests: a player scrolls through them)."""
        return [self.row_text(row) for row in range(self.rows())]

    def _show_empty(self) -> None:
        nothing = self.model.rowCount() == 0
        self.empty.setVisible(nothing and bool(self.empty.text()))
        self.view.setVisible(not nothing or not self.empty.text())
        self.detail.setVisible(not nothing)

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        row = current.row() if current.isValid() else -1
        text = self.model.details(row) if row >= 0 else "Choose an entry to read it in full."
        self.detail.setText(text)
        self.detail.setAccessibleName(f"{self._name}, the chosen entry: {text}")   # says its value (issue 29)
