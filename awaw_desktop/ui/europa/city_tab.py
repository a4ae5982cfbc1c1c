"""The City points tab (56.C): each city and town of Albania, Bulgaria, Greece and Yugoslavia the players enter, who
holds it, its points (10 a city; 3 a town, 1 in Albania) and why, and the totals per side the political tables
read.  A place on a Greek island is taken and counts nothing, with the reason on its row.  Rows are edited in place
(a place changing hands is a change of its "held by"); the last row adds a place."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions_cities
from ...core.europa.city_points import COUNTRIES, KINDS, Place, make_place, totals
from ...core.europa.draw import SIDE_TITLES, SIDES
from ...core.europa.state import EuropaGame
from ...core.frozen import replace
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel
from ..shell.follow import RefreshWhenSeen
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone
from .fields import MessageLine
from .holder import EuropaGameHolder
from .tones import show

HEADERS = ("City or town", "Country", "City or town?", "On an island", "Held by", "Points", "Why", "")
WHY = 6


def _combo(name: str, items: list[tuple[str, str]], placeholder: str) -> QComboBox:
    box = QComboBox()
    box.setAccessibleName(name)
    for text, value in items:
        box.addItem(text, value)
    box.setPlaceholderText(placeholder)
    box.setCurrentIndex(-1)
    return box


class _PlaceRow:
    def __init__(self, prefix: str, new: bool) -> None:
        self.prefix = prefix
        self.name = QLineEdit()
        self.name.setAccessibleName(f"{prefix} name")
        self.country = _combo(f"{prefix} country", [(c, c) for c in COUNTRIES], "Country\u2026")
        self.kind = _combo(f"{prefix} city or town", [(w.capitalize(), k) for k, w in KINDS.items()],
                           "City or town\u2026")
        self.island = QCheckBox()
        self.island.setAccessibleName(f"{prefix} on an island")
        self.holder = _combo(f"{prefix} held by", [(SIDE_TITLES[s], s) for s in SIDES], "Held by\u2026")
        self.points = LiveLabel("\u2014" if new else "")
        self.points.setAccessibleName(f"{prefix} points")
        self.why = LiveLabel("Fill in the row, then Add place" if new else "")
        self.why.setWordWrap(True)
        self.why.setAccessibleName(f"{prefix} why")
        self.button = QPushButton("Add place" if new else "Remove")
        self.button.setAccessibleName("Add place" if new else f"Remove {prefix}")
        if new:
            self.name.setPlaceholderText("a new city or town")
        self.cells = (self.name, self.country, self.kind, self.island, self.holder, self.points, self.why, self.button)

    def show(self, place: Place) -> None:
        for widget in (self.name, self.country, self.kind, self.island, self.holder):
            widget.blockSignals(True)
        if not self.name.isModified():
            self.name.setText(place.name)
        self.country.setCurrentIndex(self.country.findData(place.country))
        self.kind.setCurrentIndex(self.kind.findData(place.kind))
        self.island.setChecked(place.island)
        self.holder.setCurrentIndex(self.holder.findData(place.holder))
        for widget in (self.name, self.country, self.kind, self.island, self.holder):
            widget.blockSignals(False)
        points, why = place.points()
        self.points.setText(str(points))
        self.why.setText(why)
        self.button.setAccessibleName(f"Remove {place.name}")

    def connect(self, changed: Callable[[dict[str, Any]], None]) -> None:
        def name_finished() -> None:
            if self.name.isModified():
                self.name.setModified(False)
                changed({"name": " ".join(self.name.text().split())})

        self.name.editingFinished.connect(name_finished)
        self.country.activated.connect(lambda _i: changed({"country": self.country.currentData()}))
        self.kind.activated.connect(lambda _i: changed({"kind": self.kind.currentData()}))
        self.island.toggled.connect(lambda checked: changed({"island": checked}))
        self.holder.activated.connect(lambda _i: changed({"holder": self.holder.currentData()}))


class CityPointsTab(QWidget):
    def __init__(self, holder: EuropaGameHolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.holder = holder
        intro = QLabel("Cities and towns for the political tables (56.C): 10 points a city in Albania, Bulgaria, "
                       "mainland Greece or Yugoslavia; 3 a town in Bulgaria, mainland Greece or Yugoslavia; 1 a town "
                       "in Albania. A place on a Greek island counts nothing.")
        intro.setWordWrap(True)
        self.chips = {side: StatusChip() for side in SIDES}
        self.details = {side: LiveLabel() for side in SIDES}
        for side in SIDES:
            self.chips[side].setAccessibleName(f"City points held by the {SIDE_TITLES[side]} side")
            self.details[side].setAccessibleName(f"City points of the {SIDE_TITLES[side]} side by country")
            self.details[side].setWordWrap(True)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setAccessibleName("Cities and towns")
        self.table.setHorizontalHeaderLabels(list(HEADERS))
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(WHY, QHeaderView.ResizeMode.Stretch)
        header.sectionResized.connect(self._fit_rows)   # a narrower "why" column: its words take more lines
        self.message = MessageLine("City points message")
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        for side in SIDES:
            layout.addWidget(self.chips[side])
            layout.addWidget(self.details[side])
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        self.rows: list[_PlaceRow] = []
        self.new = _PlaceRow("New place", new=True)
        self.new.button.clicked.connect(self.add_place)
        self.new.name.returnPressed.connect(self.add_place)
        self.table.insertRow(0)
        self._place(0, self.new)
        self.follower = RefreshWhenSeen(self, self.refresh)
        holder.changed.connect(self.follower.changed)
        self.refresh()

    def _place(self, index: int, row: _PlaceRow) -> None:
        for column, widget in enumerate(row.cells):
            self.table.setCellWidget(index, column, widget)

    def refresh(self) -> None:
        game = self.holder.game
        while len(self.rows) > len(game.places):
            self.rows.pop()
            self.table.removeRow(len(self.rows))
        while len(self.rows) < len(game.places):
            index = len(self.rows)
            row = _PlaceRow(f"Place {index + 1}", new=False)
            self.table.insertRow(index)
            self._place(index, row)
            row.connect(lambda change, row=row: self.change_place(self.rows.index(row), change))
            row.button.clicked.connect(lambda _checked=False, row=row: self.remove_place(self.rows.index(row)))
            self.rows.append(row)
        for row, place in zip(self.rows, game.places, strict=True):
            row.show(place)
        self._fit_columns()
        self._fit_rows()
        stops = [cell for row in (*self.rows, self.new) for cell in row.cells if not isinstance(cell, QLabel)]
        for before, after in itertools.pairwise(stops):   # down the table, the new place's row last (issue 29)
            QWidget.setTabOrder(before, after)
        found = totals(game.places)
        for side in SIDES:
            points = found.side(side)
            show(self.chips[side], Tone.FAVOUR if points else Tone.NEUTRAL,
                 f"{SIDE_TITLES[side]} side: {points} city points (56.C)")
            parts = [f"{country} {p}" for who, country, p in found.by_country if who == side and p]
            self.details[side].setText(", ".join(parts) if parts else "no points held")

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_columns()
        self._fit_rows()

    def _fit_columns(self) -> None:
        """The "why" column takes the table's spare width, but never less than 16 letters: on a narrow or zoomed
        window the table scrolls sideways rather than cut its words a word a line (issue 29)."""
        header = self.table.horizontalHeader()
        need = 16 * self.fontMetrics().horizontalAdvance("m")
        others = sum(self.table.columnWidth(column) for column in range(len(HEADERS)) if column != WHY)
        room = self.table.viewport().width() - others
        mode = QHeaderView.ResizeMode.Stretch if room >= need else QHeaderView.ResizeMode.Interactive
        if header.sectionResizeMode(WHY) != mode:
            header.setSectionResizeMode(WHY, mode)
        if mode == QHeaderView.ResizeMode.Interactive and self.table.columnWidth(WHY) != need:
            self.table.setColumnWidth(WHY, need)

    def _fit_rows(self, *_args: object) -> None:
        """Each row as tall as its tallest cell, the "why" words wrapped at their column's width (Qt sizes a cell's
        widget by its one-line height: at 150% and 200% the words were cut; issue 29)."""
        width = max(1, self.table.columnWidth(WHY) - 2)
        for index, row in enumerate((*self.rows, self.new)):
            tallest = max(cell.sizeHint().height() for cell in row.cells if cell is not row.why)
            self.table.setRowHeight(index, max(tallest, row.why.heightForWidth(width)) + 2)

    def _apply(self, label: str, change: Callable[[EuropaGame], EuropaGame]) -> bool:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self.message.say(str(error))
            self.refresh()
            return False
        self.message.say(f"Recorded: {self.holder.game.log[-1].text}.")
        return True

    def change_place(self, index: int, change: dict[str, Any]) -> None:
        try:
            place = replace(self.holder.game.places[index], **change)
        except RulesInputError as error:
            self.message.say(str(error))
            self.refresh()
            return
        self._apply(f"Change {place.name}", lambda g: actions_cities.change_place(g, index, place))

    def remove_place(self, index: int) -> None:
        name = self.holder.game.places[index].name
        self._apply(f"Remove {name}", lambda g: actions_cities.remove_place(g, index))

    def add_place(self) -> None:
        row = self.new
        missing = [what for what, empty in (("a name", not row.name.text().strip()),
                                            ("its country", row.country.currentIndex() < 0),
                                            ("city or town", row.kind.currentIndex() < 0),
                                            ("who holds it", row.holder.currentIndex() < 0)) if empty]
        if missing:
            self.message.say(f"Give the new place {', '.join(missing)}, then Add place.")
            return
        try:
            place = make_place(row.name.text(), str(row.country.currentData()), str(row.kind.currentData()),
                               row.island.isChecked(), str(row.holder.currentData()))
        except RulesInputError as error:
            self.message.say(str(error))
            return
        if self._apply(f"Add {place.name}", lambda g: actions_cities.add_place(
                g, place.name, place.country, place.kind, place.island, place.holder)):
            row.name.clear()
            for combo in (row.country, row.kind, row.holder):
                combo.setCurrentIndex(-1)
            row.island.setChecked(False)
            row.name.setFocus()
