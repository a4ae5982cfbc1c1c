"""The start of each game turn (56.A, 56.B), on the Turn track tab: for every Axis-Allied nation its surrender and
defection conditions in the players' words, whether they hold (recorded by the players: nothing is chosen for them),
and what is due this turn, with a button to the nation's tab where the checks are recorded."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QLineEdit, QPushButton, QWidget

from ...core.europa import actions_surrender
from ...core.europa.actions_surrender import DEFECTION, SURRENDER
from ...core.europa.state import NationState
from ...core.europa.turn_start import due_this_turn
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel
from .fields import MessageLine
from .holder import EuropaGameHolder

HOLDS = (("Holds", True), ("Does not hold", False))
UNRECORDED = "Record\u2026"
DONE = "\u2713 "
COLUMNS = ("Nation", "Surrender condition (56.A)", "", "Defection condition (56.B)", "", "This turn", "")


def holds_box(name: str) -> QComboBox:
    """Holds / does not hold, with nothing chosen until the players record it."""
    box = QComboBox()
    box.setAccessibleName(name)
    for text, value in HOLDS:
        box.addItem(text, value)
    box.setPlaceholderText(UNRECORDED)
    box.setCurrentIndex(-1)
    return box


class _Row:
    def __init__(self, checks: TurnStartChecks, row: int, nation: NationState) -> None:
        self.checks, self.name = checks, nation.name
        grid = checks.grid
        bold = QFont()
        bold.setBold(True)
        self.label = QLabel(nation.name)
        self.label.setFont(bold)
        self.texts: dict[str, QLineEdit] = {}
        self.holds: dict[str, QComboBox] = {}
        widgets: list[QWidget] = [self.label]
        for kind in (SURRENDER, DEFECTION):
            text = QLineEdit()
            text.setAccessibleName(f"{nation.name} {kind} condition")
            text.setPlaceholderText(f"the scenario's {kind} condition, in your words")
            text.editingFinished.connect(lambda kind=kind: self._text(kind))
            box = holds_box(f"{nation.name} {kind} condition holds")
            box.activated.connect(lambda index, kind=kind: self._holds(kind, index))
            self.texts[kind], self.holds[kind] = text, box
            widgets += [text, box]
        self.due = LiveLabel()
        self.due.setWordWrap(True)
        self.due.setAccessibleName(f"{nation.name} checks this turn")
        button = QPushButton("Go there")
        button.setAccessibleName(f"Record the {nation.name} checks")
        button.setToolTip(f"The {nation.name} tab: surrender rolls and defection checks")
        button.clicked.connect(lambda _checked=False: checks.openNation.emit(nation.name))
        self.widgets = (*widgets, self.due, button)
        for column, widget in enumerate(self.widgets):
            grid.addWidget(widget, row, column)

    def show(self, nation: NationState) -> None:
        game = self.checks.holder.game
        for kind, record in ((SURRENDER, nation.surrender), (DEFECTION, nation.defection)):
            text = self.texts[kind]
            if not text.isModified():   # never over what is being typed
                text.setText(record.condition)
            box = self.holds[kind]
            box.blockSignals(True)
            box.setCurrentIndex(-1 if record.condition_met is None else box.findData(record.condition_met))
            box.blockSignals(False)
            for widget in (text, box):
                widget.setEnabled(nation.active)
        if nation.active:
            dues = due_this_turn(game, nation.name)
            self.due.setText("; ".join(f"{DONE if due.done else ''}{due.text}" for due in dues) or "nothing due")
        else:
            word = (f"surrendered on {nation.surrender.surrendered}" if nation.surrender.surrendered else
                    f"defected on {nation.defection.defected}")
            self.due.setText(f"No more checks: {word}")

    def _text(self, kind: str) -> None:
        line = self.texts[kind]
        if not line.isModified():
            return
        line.setModified(False)
        text = line.text()
        self.checks.change(f"{self.name} {kind} condition",
                           lambda g: actions_surrender.set_condition_text(g, self.name, kind, text))

    def _holds(self, kind: str, index: int) -> None:
        value = self.holds[kind].itemData(index)
        self.checks.change(f"{self.name}: the {kind} condition {'holds' if value else 'does not hold'}",
                           lambda g: actions_surrender.record_condition(g, self.name, kind, bool(value)))

    def remove(self) -> None:
        for widget in self.widgets:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()


class TurnStartChecks(QGroupBox):
    openNation = Signal(str)

    def __init__(self, holder: EuropaGameHolder, parent: QWidget | None = None) -> None:
        super().__init__("Start of the turn: surrender and defection conditions (56.A, 56.B)", parent)
        self.holder = holder
        self.setAccessibleName("Start of the turn")
        body = QGridLayout(self)
        intro = QLabel("At the start of each game turn, record whether each condition holds. While one holds, its "
                       "check is due every turn: record it on the nation's tab. Nothing is decided for you.")
        intro.setWordWrap(True)
        body.addWidget(intro, 0, 0)
        holder_widget = QWidget()
        self.grid = QGridLayout(holder_widget)
        self.grid.setContentsMargins(0, 0, 0, 0)
        bold = QFont()
        bold.setBold(True)
        for column, text in enumerate(COLUMNS):
            header = QLabel(text)
            header.setFont(bold)
            self.grid.addWidget(header, 0, column)
        for column in (1, 3, 5):
            self.grid.setColumnStretch(column, 2)
        body.addWidget(holder_widget, 1, 0)
        self.message = MessageLine("Start of the turn message")
        body.addWidget(self.message, 2, 0)
        self.rows: dict[str, _Row] = {}
        self._names: list[str] = []
        holder.changed.connect(self.refresh)
        self.refresh()

    def change(self, label: str, change: object) -> None:
        try:
            self.holder.apply(label, change)  # type: ignore[arg-type]
        except RulesInputError as error:
            self.message.say(str(error))
            self.refresh()

    def refresh(self) -> None:
        game = self.holder.game
        names = [nation.name for nation in game.nations]
        if names != self._names:
            for row in self.rows.values():
                row.remove()
            self.rows = {nation.name: _Row(self, index, nation) for index, nation in enumerate(game.nations, 1)}
            self._names = names
        for nation in game.nations:
            self.rows[nation.name].show(nation)
