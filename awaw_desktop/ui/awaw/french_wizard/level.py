"""Page 1: the French surrender level (58.2), with the wizard's own copy of the 58.21 answers and the
fleet counter (58.21C)."""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ....core.awaw import france
from ....core.awaw.common import Turn
from ....core.awaw.france_surrender import count_fleet
from ....core.lines import Line, RulesInputError, TableResult
from ...shell.accessible import LiveLabel, set_tip
from ..line_inputs import DerivedInput, LineInput, make_input, tooltip
from .common import POWER, FrenchAnswers, WizardPage, bold_label, number_input, signed, wrapped_label


class LevelAnswers(QObject):
    """The wizard's copy of the 58.21 inputs.  The France tab's line widgets are reused: they call
    ``set_value`` here instead of on the store, so the session is untouched until Finish."""

    changed = Signal()

    def __init__(self, lines: tuple[Line, ...], values: dict[str, Any], parent: QObject | None = None,
                 turn: Turn | None = None, start_turn: Turn | None = None) -> None:
        super().__init__(parent)
        self.lines = {line.id: line for line in lines}
        self.values = values
        #: The game's current and first turns: a turn line ticked here records the current turn (58.21E).
        self.turn, self.start_turn = turn, start_turn
        #: The lines the players entered here, in the wizard (they count as entered on Finish).
        self.entered: set[str] = set()

    def set_value(self, power: str, line_id: str, value: Any) -> None:
        canonical = self.lines[line_id].validate(value)
        self.values[line_id] = list(canonical) if isinstance(canonical, tuple) else canonical
        self.entered.add(line_id)
        self.changed.emit()

    def value(self, power: str, line_id: str) -> Any:
        return self.values[line_id]


class FleetHelper(QGroupBox):
    """58.21C: counts the French fleet from factors by condition and fills the fleet line."""

    @property
    def wizard(self) -> FrenchAnswers:
        wizard = self._wizard()
        assert wizard is not None, "the wizard is gone"
        return wizard

    def __init__(self, wizard: FrenchAnswers) -> None:
        super().__init__("Count the French fleet for me (58.21C)")
        self._wizard = weakref.ref(wizard)  # no reference cycle with the wizard (see ui/awaw/store.py)
        layout = QGridLayout(self)
        full = wizard.level_answers.values.get("fleet", {}).get("full", france.HISTORICAL_FLEET)
        self.undamaged = number_input("Undamaged naval factors", 0, 300, full)
        self.damaged = number_input("Damaged naval factors", 0, 300)
        self.row_2 = number_input("Shipyard '2' / 'Launch' row factors", 0, 300)
        self.row_3 = number_input("Shipyard row '3'+ factors (left out)", 0, 300)
        for index, spin in enumerate((self.undamaged, self.damaged, self.row_2, self.row_3)):
            caption = QLabel(spin.accessibleName())
            caption.setBuddy(spin)
            layout.addWidget(caption, index // 2, (index % 2) * 2)
            layout.addWidget(spin, index // 2, (index % 2) * 2 + 1)
            spin.valueChanged.connect(self.refresh)
        self.result = LiveLabel()
        self.result.setAccessibleName("Fleet count")
        self.apply = QPushButton("Use this count for the fleet line")
        self.apply.setAccessibleName("Use this count for the fleet line")
        self.apply.clicked.connect(self.use_count)
        layout.addWidget(self.result, 2, 0, 1, 2)
        layout.addWidget(self.apply, 2, 2, 1, 2)
        layout.setColumnStretch(4, 1)
        self.refresh()

    def count(self) -> Any:
        return count_fleet(self.undamaged.value(), self.damaged.value(), self.row_2.value(), self.row_3.value())

    def refresh(self) -> None:
        try:
            count = self.count()
        except RulesInputError as error:
            self.result.setText(str(error))
            self.apply.setEnabled(False)
            self.apply.setToolTip(f"Not until the count is complete: {error}")
            return
        self.apply.setEnabled(True)
        self.apply.setToolTip("")
        left_out = f"; {count.left_out} left out" if count.left_out else ""
        self.result.setText(f"Counts as {count.counted} factors ({count.full} full + {count.half} at half"
                            f"{left_out})")

    def use_count(self) -> None:
        self.wizard.level_page.set_answer("fleet", self.count().line_value())


class LevelPage(WizardPage):
    def __init__(self, wizard: FrenchAnswers) -> None:
        super().__init__()
        self.setTitle("1. French surrender level (58.2)")
        self.setSubTitle(f"Every 58.21 modifier of the {wizard.edition.title}, surrender in {wizard.turn.title}. "
                         "Filled in from the France tab: correct anything that differs.")
        self.answers = wizard.level_answers
        outer = QVBoxLayout(self)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # not a Tab stop of its own: Tab goes to the lines in it
        body = QWidget()
        grid = QGridLayout(body)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(6)
        for column, heading in enumerate(("Rule", "Modifier", "", "Points", "Counted")):
            grid.addWidget(bold_label(heading), 0, column)
        self.inputs: dict[str, LineInput] = {}
        self.points: dict[str, QLabel] = {}
        self.notes: dict[str, QLabel] = {}
        row = 1
        for line in wizard.lines:
            widget = make_input(self.answers, POWER, line, body)  # type: ignore[arg-type]  # duck-typed store
            rule = QLabel(line.rule)
            set_tip(rule, tooltip(line))
            grid.addWidget(rule, row, 0)
            if widget.title_in_widget:
                grid.addWidget(widget, row, 1, 1, 2)
            else:
                caption = QLabel(line.label)
                caption.setWordWrap(True)
                set_tip(caption, tooltip(line))
                caption.setBuddy(widget.focusProxy() or widget)
                grid.addWidget(caption, row, 1)
                grid.addWidget(widget, row, 2)
            points = bold_label("0", f"{line.label} points")
            points.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            note = QLabel()
            note.setWordWrap(True)
            grid.addWidget(points, row, 3)
            grid.addWidget(note, row, 4)
            if line.input_kind != "derived":
                widget.show_value(self.answers.value(POWER, line.id))
            self.inputs[line.id], self.points[line.id], self.notes[line.id] = widget, points, note
            row += 1
            if line.id == "fleet":
                self.fleet_helper = FleetHelper(wizard)
                grid.addWidget(self.fleet_helper, row, 1, 1, 4)
                row += 1
        grid.setColumnMinimumWidth(1, 170)
        grid.setColumnMinimumWidth(4, 90)
        grid.setColumnStretch(4, 1)
        grid.setRowStretch(row, 1)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        totals = QHBoxLayout()
        totals.addWidget(QLabel("Sum of the modifiers:"))
        self.raw = bold_label("0", "Sum of the modifiers")
        totals.addWidget(self.raw)
        totals.addSpacing(20)
        totals.addWidget(QLabel("French surrender level (58.22, at most \u00b13):"))
        self.level = bold_label("0", "French surrender level", 1.6)
        totals.addWidget(self.level)
        totals.addStretch(1)
        outer.addLayout(totals)
        self.check = wrapped_label(name="Surrender check")
        outer.addWidget(self.check)
        # Issue 37: a level resting on values nobody entered is confirmed here, as the British offer page does
        # (issue 28); nothing is ticked for the players, and a value typed here counts as entered.
        self.confirm_values = QCheckBox()
        self.confirm_values.setAccessibleName("Confirm the values nobody has entered")
        set_tip(self.confirm_values, "The level rests on them; confirmed, they are entered as counted with the "
                                     "surrender. Otherwise enter them above, or Cancel and enter them on the "
                                     "France tab.")
        self.confirm_values.toggled.connect(self.refresh)
        outer.addWidget(self.confirm_values)
        self.show_refusals(outer, "Surrender level: number not entered")
        self.answers.changed.connect(self.refresh)
        self._complete = False
        self.refresh()

    def set_answer(self, line_id: str, value: Any) -> None:
        """Change one answer as if the player had entered it (the fleet helper, the screenshots)."""
        self.answers.set_value(POWER, line_id, value)
        self.inputs[line_id].show_value(self.answers.value(POWER, line_id))

    def refresh(self, _confirmed: bool = False) -> None:
        wizard = self.owner() if self.wizard() else None
        if wizard is None:
            return
        try:
            table: TableResult = wizard.level_table()
            check = wizard.surrender_check()
        except RulesInputError as error:
            self.check.setText(f"Cannot work out the level: {error}")
            self._set_complete(False)
            return
        waiting = {item.line_id: item for item in wizard.unconfirmed()}
        listed = "; ".join(f"{item.label} ({item.rule}), counted as {item.counted_as}" for item in waiting.values())
        self.confirm_values.setText(f"The values nobody has entered are right as counted: {listed}")
        self.confirm_values.setVisible(bool(waiting))
        for item in table.breakdown:
            self.points[item.id].setText(signed(item.points))
            widget = self.inputs[item.id]
            if isinstance(widget, DerivedInput):
                widget.show_note(item.note)
            else:
                unentered = waiting.get(item.id)
                said = f"not entered; counted as {unentered.counted_as}" if unentered else ""
                self.notes[item.id].setText("; ".join(part for part in (said, item.note) if part))
        level = france.clamp_level(table.total)
        self.raw.setText(signed(table.total))
        self.level.setText(signed(level))
        clamp = "" if level == table.total else f" The sum {signed(table.total)} counts as {signed(level)} (58.22)."
        confirmed = not waiting or self.confirm_values.isChecked()
        self.check.setText(check.text + clamp + ("" if check.surrenders else
                                                 " The wizard goes on only when France surrenders.")
                           + ("" if confirmed else " The wizard goes on once the values nobody has entered are "
                                                   "entered above or confirmed below."))
        self._set_complete(check.surrenders and confirmed)

    def _set_complete(self, complete: bool) -> None:
        if complete != self._complete:
            self._complete = complete
            self.completeChanged.emit()

    def initializePage(self) -> None:
        self.refresh()

    def isComplete(self) -> bool:
        return self._complete
