"""Defection to the Soviets (56.B): the units to roll for, the results, the RP pause and the checklist."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions
from ...core.europa.defection import CHECKLIST
from ...core.lines import RulesInputError
from ..shell.number_box import NumberBox
from .holder import EuropaGameHolder
from .messages import sentence


class DefectionBox(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__("Defection (56.B)", parent)
        self.holder, self.nation = holder, nation
        self.pending: list[actions.UnitToRoll] = []
        self.unit = QLineEdit()
        self.unit.setAccessibleName("Ground unit")
        self.cm = QCheckBox("c/m or cavalry (+2)")
        self.cm.setAccessibleName("c/m or cavalry")
        self.die = NumberBox()   # a 7 or a 9 typed is refused with a message, not dropped without a word
        self.die.setRange(0, 6)
        self.die.setSpecialValueText("app rolls")
        self.die.setAccessibleName("Defection die")
        add = QPushButton("Add the unit")
        add.setAccessibleName("Add the unit")
        add.clicked.connect(self._add)
        self.defect_button = QPushButton("The nation defects now")
        self.defect_button.setAccessibleName("The nation defects now")
        self.defect_button.clicked.connect(self._defect)
        self.units = QListWidget()
        self.units.setAccessibleName("Defecting units")
        self.status = QLabel()
        self.status.setAccessibleName("Defection status")
        self.status.setWordWrap(True)
        self.steps: dict[str, QCheckBox] = {}
        row = QHBoxLayout()
        for widget in (self.unit, self.cm, self.die, add):
            row.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.units)
        layout.addWidget(self.defect_button)
        layout.addWidget(self.status)
        for step in CHECKLIST:
            box = QCheckBox(f"{step.rule}: {step.text}")
            box.setAccessibleName(step.text)
            box.toggled.connect(lambda done, key=step.key: self._tick(key, done))
            self.steps[step.key] = box
            layout.addWidget(box)
        self.die.refused.connect(lambda text: self.status.setText(f"Not entered: {text}"))
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        game = self.holder.game
        record = game.nation(self.nation).defection
        self.units.clear()
        if record.defected is None:
            self.units.addItems([f"{u.label}{' (c/m or cavalry)' if u.cm_or_cavalry else ''}: "
                                 f"{u.die if u.die else 'the app rolls'}" for u in self.pending])
            self.status.setText("Not defected.")
        else:
            self.units.addItems([f"{u.label}: {u.die} ({u.source}){' +2' if u.cm_or_cavalry else ''} = {u.modified}, "
                                 f"{u.fate}" for u in record.units])
            left = record.rp_pause_left(game.turn)
            rps = f"no RPs for {left} game turn(s), this one included" if left else "RPs at the usual rate"
            self.status.setText(f"Defected on {record.defected}: {rps}.")
        self.defect_button.setEnabled(record.defected is None)
        self.defect_button.setToolTip("" if record.defected is None else "This nation has already defected (56.B).")
        for key, box in self.steps.items():
            box.blockSignals(True)
            box.setChecked(key in record.steps_done)
            box.setEnabled(record.defected is not None)
            box.blockSignals(False)

    def _add(self) -> None:
        label = self.unit.text().strip()
        if not label:
            self.status.setText("Name the unit first.")
            return
        self.pending.append(actions.UnitToRoll(label, self.cm.isChecked(), self.die.value() or None))
        self.unit.clear()
        self.refresh()

    def _defect(self) -> None:
        units = list(self.pending)
        try:
            self.holder.apply(f"{self.nation} defects", lambda g: actions.defect(g, self.nation, units))
        except RulesInputError as error:
            self.status.setText(sentence(str(error)))
            return
        self.pending.clear()
        self.refresh()

    def _tick(self, key: str, done: bool) -> None:
        self.holder.apply("Defection step", lambda g: actions.tick_defection_step(g, self.nation, key, done))
