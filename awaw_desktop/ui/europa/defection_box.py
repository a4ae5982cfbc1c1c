"""Defection to the Soviets (56.B): the players' condition and whether it holds, the start-of-turn checks they record,
the units to roll for when the nation defects, the results, the turns without RPs and the checklist.  Each unit gets
its own die: nothing is carried over from the unit before."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions, actions_surrender
from ...core.europa.actions_surrender import DEFECTION
from ...core.europa.defection import CHECKLIST
from ...core.europa.dice import source_words
from ...core.europa.state import EuropaGame
from ...core.europa.words import counted
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel
from ..shell.status_chip import StatusChip
from .fields import MessageLine, OptionalBox, named
from .holder import EuropaGameHolder
from .tones import defection_words, show
from .turn_start_checks import holds_box


def _button(text: str, slot: Callable[[], None]) -> QPushButton:
    button = QPushButton(text)
    button.setAccessibleName(text)
    button.clicked.connect(slot)
    return button


class DefectionBox(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__("Defection (56.B)", parent)
        self.holder, self.nation = holder, nation
        self.pending: list[actions.UnitToRoll] = []
        self.chip = StatusChip()
        self.chip.setAccessibleName("Defection state")
        self.condition = named(QLineEdit(), "Defection condition")
        self.condition.setPlaceholderText("the scenario's defection condition, in your words")
        self.condition.editingFinished.connect(self._condition_changed)
        self.holds = holds_box("Defection condition holds")
        self.holds.activated.connect(self._holds_changed)
        self.check_outcome = named(QLineEdit(), "Defection check outcome")
        self.check_outcome.setPlaceholderText("what this turn's check gave, in your words")
        self.check_die = OptionalBox("Defection check die", 1, 6, "\u2014")
        form = QFormLayout()
        form.addRow("Defection condition", self.condition)
        form.addRow("The condition", self.holds)
        form.addRow("This turn's check", self.check_outcome)
        form.addRow("Its die, if any", self.check_die)
        checks = QHBoxLayout()
        checks.addWidget(_button("Record the check", self._record_check))
        checks.addWidget(_button("Roll the check for me", self._roll_check))
        checks.addStretch(1)
        self.unit = named(QLineEdit(), "Ground unit")
        self.unit.setPlaceholderText("a ground unit of the nation")
        self.cm = QCheckBox("c/m or cavalry (+2)")
        self.cm.setAccessibleName("c/m or cavalry")
        self.die = OptionalBox("Defection die", 1, 6, "\u2014")
        row = QGridLayout()   # the unit, then its die
        row.addWidget(self.unit, 0, 0, 1, 2)
        row.addWidget(self.cm, 0, 2)
        die = QHBoxLayout()
        die.addWidget(QLabel("Die"))
        die.addWidget(self.die, 1)
        row.addLayout(die, 1, 0)
        row.addWidget(_button("Add with the typed die", self._add_typed), 1, 1)
        row.addWidget(_button("Add: the app rolls", self._add_rolled), 1, 2)
        self.defect_button = _button("The nation defects now", self._defect)
        self.units = QListWidget()
        self.units.setAccessibleName("Defecting units")
        self.units.setMaximumHeight(self.fontMetrics().lineSpacing() * 8)
        self.status = named(LiveLabel(), "Defection status")
        self.status.setWordWrap(True)
        self.message = MessageLine("Defection message")
        for box in (self.check_die, self.die):
            self.message.watch(box)
        self.steps: dict[str, QCheckBox] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(self.chip)
        layout.addLayout(form)
        layout.addLayout(checks)
        layout.addWidget(QLabel("When the nation defects: a die for each ground unit (56.B.1)"))
        layout.addLayout(row)
        layout.addWidget(self.units)
        layout.addWidget(self.defect_button)
        layout.addWidget(self.status)
        layout.addWidget(self.message)
        steps = QGridLayout()   # a box, then its words wrapped beside it (a long step fits a narrow window)
        for row, step in enumerate(CHECKLIST):
            box = QCheckBox(step.rule)
            box.setAccessibleName(step.text)
            box.toggled.connect(lambda done, key=step.key: self._tick(key, done))
            words = QLabel(step.text)
            words.setWordWrap(True)
            words.setBuddy(box)
            self.steps[step.key] = box
            steps.addWidget(box, row, 0)
            steps.addWidget(words, row, 1)
        steps.setColumnStretch(1, 1)
        layout.addWidget(QLabel("When the nation has defected (56.B.2-4):"))
        layout.addLayout(steps)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        game = self.holder.game
        nation = game.nation(self.nation)
        record = nation.defection
        show(self.chip, *defection_words(nation))
        if not self.condition.isModified():
            self.condition.setText(record.condition)
        self.holds.blockSignals(True)
        self.holds.setCurrentIndex(-1 if record.condition_met is None else self.holds.findData(record.condition_met))
        self.holds.blockSignals(False)
        self.units.clear()
        if record.defected is None:
            self.units.addItems([f"{u.label}{' (c/m or cavalry)' if u.cm_or_cavalry else ''}: "
                                 f"{u.die if u.die else 'the app rolls'}" for u in self.pending])
            check = record.checked_on(game.turn)
            said = f" This turn's check: {check.outcome or 'die ' + str(check.die)}." if check else ""
            surrendered = nation.surrender.surrendered
            self.status.setText(f"Surrendered on {surrendered}: it does not defect (56.A)." if surrendered else
                                f"Not defected.{said}")
        else:
            self.units.addItems([f"{u.label}: {u.die} ({source_words(u.source)}){' +2' if u.cm_or_cavalry else ''} "
                                 f"= {u.modified}, {u.fate}" for u in record.units])
            left = record.rp_pause_left(game.turn)
            rps = (f"no RPs for {counted(left, 'game turn')}, this one included; RPs again from "
                   f"{record.rps_resume()}" if left else "RPs at the usual rate")
            self.status.setText(f"Defected on {record.defected}: {rps}.")
        self.defect_button.setEnabled(nation.active)
        self.defect_button.setToolTip("" if nation.active else "This nation is no longer Axis-Allied (56.A, 56.B).")
        for key, box in self.steps.items():
            box.blockSignals(True)
            box.setChecked(key in record.steps_done)
            box.setEnabled(record.defected is not None)
            box.blockSignals(False)

    def _change(self, label: str, change: Callable[[EuropaGame], EuropaGame], done: str = "") -> bool:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self.message.say(str(error))
            self.refresh()
            return False
        self.message.say(done)
        return True

    def _condition_changed(self) -> None:
        if not self.condition.isModified():
            return
        text = self.condition.text()
        self.condition.setModified(False)
        self._change("Defection condition", lambda g: actions_surrender.set_condition_text(g, self.nation, DEFECTION,
                                                                                           text))

    def _holds_changed(self, index: int) -> None:
        holds = bool(self.holds.itemData(index))
        self._change("Defection condition " + ("holds" if holds else "does not hold"),
                     lambda g: actions_surrender.record_condition(g, self.nation, DEFECTION, holds))

    def _check(self, roll: bool) -> None:
        outcome, die = self.check_outcome.text(), self.check_die.entered()
        if self._change(f"Defection check in {self.nation}", lambda g: actions_surrender.record_defection_check(
                g, self.nation, outcome, die, roll)):
            self.check_outcome.clear()
            self.check_die.clear_entry()
            self.message.say(f"Recorded: {self.holder.game.log[-1].text}.")

    def _record_check(self) -> None:
        self._check(False)

    def _roll_check(self) -> None:
        self._check(True)

    def _add(self, die: int | None) -> None:
        label = self.unit.text().strip()
        if not label:
            self.message.say("Name the unit first.")
            return
        self.pending.append(actions.UnitToRoll(label, self.cm.isChecked(), die))
        self.unit.clear()
        self.cm.setChecked(False)
        self.die.clear_entry()      # the next unit gets its own die
        self.message.say("")
        self.refresh()

    def _add_typed(self) -> None:
        die = self.die.entered()
        if die is None:
            self.message.say("Type the unit's die first (1 to 6), or press 'Add: the app rolls'.")
            return
        self._add(die)

    def _add_rolled(self) -> None:
        self._add(None)

    def _defect(self) -> None:
        units = list(self.pending)
        if self._change(f"{self.nation} defects", lambda g: actions.defect(g, self.nation, units),
                        f"{self.nation} defected to the Soviets (56.B)."):
            self.pending.clear()
            self.refresh()

    def _tick(self, key: str, done: bool) -> None:
        self.holder.apply("Defection step", lambda g: actions.tick_defection_step(g, self.nation, key, done))
