"""The war tab's rows: a war (at war since a season and year), a place held (ticked) or a choice, each an
editor of one fact of the war.  Loaded when the tab is first built (``war_facts.FactsTab.build``), after the
window's first paint."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QWidget

from ...core.awaw import facts as war_facts
from ...core.awaw.common import FIRST_YEAR, LAST_YEAR, Season, Turn
from ...core.lines import RulesInputError
from ..shell.accessible import caption_combo
from ..shell.number_box import NumberBox
from .store import SessionStore


class WarRow(QWidget):
    """At war or not, and since which turn."""

    def __init__(self, store: SessionStore, item: war_facts.Fact) -> None:
        super().__init__()
        self.store, self.item = store, item
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.at_war = QCheckBox("At war since")
        self.at_war.setAccessibleName(f"{item.label}: at war")
        self.season = QComboBox()
        for season in Season:
            self.season.addItem(season.title, season.value)
        self.season.setAccessibleName(f"{item.label}: season")
        self.year = NumberBox()
        self.year.setRange(FIRST_YEAR, LAST_YEAR)
        self.year.setAccessibleName(f"{item.label}: year")
        self.year.refused.connect(store.inputRefused)   # the window's status bar says why
        for widget in (self.at_war, self.season, self.year):
            layout.addWidget(widget)
        caption_combo(self.season, f"{item.label}: season", self)
        self.setFocusProxy(self.at_war)
        layout.addStretch(1)
        self.at_war.toggled.connect(self._changed)
        self.season.currentIndexChanged.connect(self._changed)
        self.year.valueChanged.connect(self._changed)
        self.sync()

    def sync(self) -> None:
        value = self.store.session.fact(self.item.id)
        turn = self.store.session.turn if value is None else Turn(value["year"], value["season"])
        with QSignalBlocker(self.at_war), QSignalBlocker(self.season), QSignalBlocker(self.year):
            self.at_war.setChecked(value is not None)
            self.season.setCurrentIndex(turn.season.index)
            self.year.setValue(turn.year)
        self.season.setEnabled(value is not None)
        self.year.setEnabled(value is not None)

    def _changed(self, *_args: Any) -> None:
        value = None
        if self.at_war.isChecked():
            value = {"season": self.season.currentData(), "year": self.year.value()}
        try:
            self.store.set_fact(self.item.id, value)
        except RulesInputError as error:   # a war dated after the turn being played: say so, keep the fact
            self.store.inputRefused.emit(str(error))
            self.sync()


def fact_editor(store: SessionStore, item: war_facts.Fact, set_fact: Callable[[str, Any], None]) -> QWidget:
    """The editor of one fact: a war row, a Yes box, or a list of choices."""
    if item.kind == "war":
        return WarRow(store, item)
    if item.kind == "flag":
        box = QCheckBox("Yes")
        box.setAccessibleName(item.label)
        box.toggled.connect(lambda on, key=item.id: set_fact(key, on))
        return box
    combo = QComboBox()
    for key, words in item.options:
        combo.addItem(words, key)
    combo.setAccessibleName(item.label)
    combo.currentIndexChanged.connect(lambda _i, key=item.id, box=combo: set_fact(key, box.currentData()))
    return combo


def show_fact(widget: QWidget, value: Any) -> None:
    """An editor shows the fact's value again (without writing it back)."""
    if isinstance(widget, WarRow):
        widget.sync()
    elif isinstance(widget, QCheckBox):
        with QSignalBlocker(widget):
            widget.setChecked(bool(value))
    elif isinstance(widget, QComboBox):
        with QSignalBlocker(widget):
            widget.setCurrentIndex(max(0, widget.findData(value)))
