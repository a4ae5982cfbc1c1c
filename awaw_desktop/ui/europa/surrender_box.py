"""Surrender (56.A) and surrender rolls (56.E.3) for one nation: the players' condition, the rolls
(typed or rolled), the special replacement rate, new governments."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions
from ...core.europa.state import EuropaGame
from ...core.lines import RulesInputError
from ..shell.number_box import NumberBox
from .holder import EuropaGameHolder
from .messages import sentence


def _named(widget: QWidget, name: str) -> QWidget:
    widget.setAccessibleName(name)
    return widget


class SurrenderBox(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__("Surrender (56.A, 56.E.3)", parent)
        self.holder, self.nation = holder, nation
        self.condition = QLineEdit()
        self.condition.setPlaceholderText("the scenario's surrender condition, in your words")
        self.condition.editingFinished.connect(self._condition_changed)
        self.met = QCheckBox("The condition is met (roll at the start of each turn)")
        self.met.toggled.connect(self._met_changed)
        self.rate = NumberBox()
        self.rate.setRange(0, 100)
        self.rate.setSuffix(" %")
        self.rate.editingFinished.connect(self._rate_changed)
        self.die = NumberBox()
        self.die.setRange(1, 6)
        self.outcome = QLineEdit()
        self.outcome.setPlaceholderText("what the roll did, in your words")
        self.government = QLineEdit()
        self.government_rate = NumberBox()
        self.government_rate.setRange(0, 100)
        self.government_rate.setSuffix(" %")
        form = QFormLayout()
        for label, widget in (("Surrender condition", self.condition), ("", self.met),
                              ("Special replacement rate before any roll", self.rate), ("Die", self.die),
                              ("Roll outcome", self.outcome), ("New government", self.government),
                              ("New government's rate", self.government_rate)):
            form.addRow(label, _named(widget, label or "The condition is met"))
        buttons = QHBoxLayout()
        for text, slot in (("Record the typed die", self._typed), ("Roll for me", self._rolled),
                           ("Form the new government", self._form), ("The nation surrenders", self._surrender)):
            button = QPushButton(text)
            button.setAccessibleName(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        self.status = _named(QLabel(), "Surrender status")
        self.message = _named(QLabel(), "Surrender message")
        for spin in (self.rate, self.die, self.government_rate):   # a number out of range: say so
            spin.refused.connect(lambda text: self.message.setText(f"Not entered: {text}"))
        for label in (self.status, self.message):
            label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.message)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        record = self.holder.game.nation(self.nation).surrender
        for widget in (self.condition, self.met, self.rate):
            widget.blockSignals(True)
        if not self.condition.isModified():  # never overwrite what is being typed
            self.condition.setText(record.condition)
        self.met.setChecked(record.condition_met)
        self.rate.setValue(record.special_rate)
        for widget in (self.condition, self.met, self.rate):
            widget.blockSignals(False)
        if record.surrendered is not None:
            text = f"Surrendered on {record.surrendered}: its forces, reinforcements and replacements are gone."
        else:
            text = f"Special replacement rate now {record.rate()}% after {len(record.rolls)} roll(s)."
        for government in record.governments:
            text += f" {government.name}: {record.government_rate(government.name)}%."
        if record.rolls:
            last = record.rolls[-1]
            text += f" Last roll: {last.die} ({last.source}) on {last.turn}."
        self.status.setText(text)

    def _change(self, label: str, change: Callable[[EuropaGame], EuropaGame]) -> None:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self.message.setText(sentence(str(error)))
            return
        self.message.setText("")

    def _condition_changed(self) -> None:
        text = self.condition.text()
        self.condition.setModified(False)
        self._change("Surrender condition", lambda g: actions.set_surrender_condition(g, self.nation, text))

    def _met_changed(self, met: bool) -> None:
        self._change("Surrender condition met", lambda g: actions.set_condition_met(g, self.nation, met))

    def _rate_changed(self) -> None:
        rate = self.rate.value()
        self._change("Special replacement rate", lambda g: actions.set_special_rate(g, self.nation, rate))

    def _roll(self, die: int | None) -> None:
        outcome = self.outcome.text()
        self._change(f"Surrender roll for {self.nation}",
                     lambda g: actions.record_surrender_roll(g, self.nation, die, outcome))
        self.outcome.clear()

    def _typed(self) -> None:
        self._roll(self.die.value())

    def _rolled(self) -> None:
        self._roll(None)

    def _form(self) -> None:
        name, rate = self.government.text(), self.government_rate.value()
        self._change(f"New government {name}", lambda g: actions.form_government(g, self.nation, name, rate))

    def _surrender(self) -> None:
        self._change(f"{self.nation} surrenders", lambda g: actions.surrender_nation(g, self.nation))
