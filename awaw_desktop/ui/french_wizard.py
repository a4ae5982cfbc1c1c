"""The French surrender wizard (rule 58): five pages that gather the players' answers and show what the
rules core decides.

The wizard keeps its own copy of the answers; nothing reaches the session until Finish, which hands the
outcome computed by :func:`french_surrender_outcome` to :func:`record_french_surrender` inside one
``store.change_session`` step (so one undo takes the whole surrender back).  Cancel changes nothing and
Back keeps what was entered.  Dice are typed in (the physical die) or rolled by the app with an injectable
``random.Random``; a rolled die stays as rolled.
"""

from __future__ import annotations

import random
import weakref
from html import escape
from typing import Any

from PySide6.QtCore import QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import QFont, QGuiApplication, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from ..core.awaw import france
from ..core.awaw.common import Consequence, Edition, Turn
from ..core.awaw.france_surrender import (
    ROLLS,
    Colony,
    ColonyOutcome,
    Control,
    DieRoll,
    FrenchSurrenderOutcome,
    FrenchSurrenderRequest,
    Ships,
    allocate_fleet,
    colony_outcome,
    count_fleet,
    free_french_forces,
    french_surrender_outcome,
    record_french_surrender,
    vichy_forces,
)
from ..core.lines import Line, RulesInputError, TableResult
from .line_inputs import DerivedInput, LineInput, make_input, tooltip
from .store import SessionStore

POWER = france.KEY
PAGE_NAMES = ("level", "vichy", "colonies", "forces", "summary")
#: What the two dice are called on screen (58.531).
ROLL_TITLES = {"lebanon_syria": "Lebanon-Syria", "north_africa": "French North Africa"}
CONTROL_LABELS = ((Control.FRENCH, "France"), (Control.AXIS, "the Axis: no roll (58.533)"),
                  (Control.BRITISH, "Britain: no roll (58.534)"))


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def bullet_list(items: list[Consequence] | tuple[Consequence, ...]) -> str:
    rows = "".join(f"<li><b>{escape(c.rule)}</b> {escape(c.text)}</li>" for c in items)
    return f"<ul style='margin-left:-20px'>{rows}</ul>"


def wrapped_label(text: str = "", name: str = "", rich: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setAccessibleName(name)
    return label


def bold_label(text: str = "", name: str = "", scale: float = 1.0) -> QLabel:
    label = QLabel(text)
    font = QFont(label.font())
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    if name:
        label.setAccessibleName(name)
    return label


def number_input(name: str, minimum: int, maximum: int, value: int = 0) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setValue(value)
    spin.setAccessibleName(name)
    spin.setMinimumWidth(70)
    return spin


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

    def set_value(self, power: str, line_id: str, value: Any) -> None:
        canonical = self.lines[line_id].validate(value)
        self.values[line_id] = list(canonical) if isinstance(canonical, tuple) else canonical
        self.changed.emit()

    def value(self, power: str, line_id: str) -> Any:
        return self.values[line_id]


class WizardPage(QWizardPage):
    """Base page: Back keeps what was entered (no cleanup), and a typed accessor for the wizard."""

    def owner(self) -> FrenchSurrenderWizard:
        wizard = self.wizard()
        assert isinstance(wizard, FrenchSurrenderWizard)
        return wizard

    def cleanupPage(self) -> None:
        """Going Back leaves the answers as they are."""


# --------------------------------------------------------------------------------------------------
# 1. Level
# --------------------------------------------------------------------------------------------------

class FleetHelper(QGroupBox):
    """58.21C: counts the French fleet from factors by condition and fills the fleet line."""

    @property
    def wizard(self) -> FrenchSurrenderWizard:
        wizard = self._wizard()
        assert wizard is not None, "the wizard is gone"
        return wizard

    def __init__(self, wizard: FrenchSurrenderWizard) -> None:
        super().__init__("Count the French fleet for me (58.21C)")
        self._wizard = weakref.ref(wizard)  # no reference cycle with the wizard (see ui/store.py)
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
        self.result = QLabel()
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
    def __init__(self, wizard: FrenchSurrenderWizard) -> None:
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
            rule.setToolTip(tooltip(line))
            grid.addWidget(rule, row, 0)
            if widget.title_in_widget:
                grid.addWidget(widget, row, 1, 1, 2)
            else:
                caption = QLabel(line.label)
                caption.setWordWrap(True)
                caption.setToolTip(tooltip(line))
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
        self.answers.changed.connect(self.refresh)
        self._complete = False
        self.refresh()

    def set_answer(self, line_id: str, value: Any) -> None:
        """Change one answer as if the player had entered it (the fleet helper, the screenshots)."""
        self.answers.set_value(POWER, line_id, value)
        self.inputs[line_id].show_value(self.answers.value(POWER, line_id))

    def refresh(self) -> None:
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
        for item in table.breakdown:
            self.points[item.id].setText(signed(item.points))
            widget = self.inputs[item.id]
            if isinstance(widget, DerivedInput):
                widget.show_note(item.note)
            else:
                self.notes[item.id].setText(item.note)
        level = france.clamp_level(table.total)
        self.raw.setText(signed(table.total))
        self.level.setText(signed(level))
        clamp = "" if level == table.total else f" The sum {signed(table.total)} counts as {signed(level)} (58.22)."
        self.check.setText(check.text + clamp + ("" if check.surrenders else
                                                 " The wizard goes on only when France surrenders."))
        self._set_complete(check.surrenders)

    def _set_complete(self, complete: bool) -> None:
        if complete != self._complete:
            self._complete = complete
            self.completeChanged.emit()

    def initializePage(self) -> None:
        self.refresh()

    def isComplete(self) -> bool:
        return self._complete


# --------------------------------------------------------------------------------------------------
# 2. Vichy
# --------------------------------------------------------------------------------------------------

class VichyPage(WizardPage):
    def __init__(self, wizard: FrenchSurrenderWizard) -> None:
        super().__init__()
        self.setTitle("2. Vichy France (58.3) and the hexes (58.4)")
        self.setSubTitle("The Axis player chooses whether to set up Vichy France.")
        layout = QVBoxLayout(self)
        self.level = bold_label(name="Level for the Vichy choice")
        layout.addWidget(self.level)
        self.establish = QRadioButton("Set up Vichy France: southern France and Corsica become a neutral "
                                      "minor country (58.31A)")
        self.establish.setAccessibleName("Set up Vichy France")
        self.decline = QRadioButton("No Vichy France: the Axis take every hex of France and Corsica (58.31B)")
        self.decline.setAccessibleName("No Vichy France")
        self.group = QButtonGroup(self)
        self.group.addButton(self.establish)
        self.group.addButton(self.decline)
        # 58.31: the Axis player's decision; nothing is chosen for him (Next waits for an answer).
        layout.addWidget(self.establish)
        layout.addWidget(self.decline)
        self.reason = wrapped_label(name="Vichy choice rule")
        layout.addWidget(self.reason)
        heading = bold_label("What happens to the hexes and the forces in France")
        layout.addWidget(heading)
        self.consequences = wrapped_label(name="Hex and force consequences", rich=True)
        self.consequences.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.consequences)
        layout.addWidget(scroll, 1)
        self.registerField("vichy", self.establish)
        self.establish.toggled.connect(self._chosen)
        self.decline.toggled.connect(lambda checked: checked and self._chosen(False))

    def _chosen(self, checked: bool) -> None:
        if self.group.checkedButton() is None:
            return
        self.owner().vichy = self.establish.isChecked()
        self.refresh()
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        done = self.owner().vichy is not None
        button = self.wizard().button(QWizard.WizardButton.NextButton) if self.wizard() is not None else None
        if button is not None:
            button.setToolTip("" if done else "Choose first: Vichy France or not (58.31).")
        return done

    def initializePage(self) -> None:
        wizard = self.owner()
        allowed, reason = wizard.vichy_allowed()
        if not allowed:
            wizard.vichy = False
        self.establish.setEnabled(allowed)
        self.establish.setToolTip("" if allowed else reason)
        if wizard.vichy is None:
            self.group.setExclusive(False)
            self.establish.setChecked(False)
            self.decline.setChecked(False)
            self.group.setExclusive(True)
        else:
            (self.establish if wizard.vichy else self.decline).setChecked(True)
        self.reason.setText(reason)
        self.refresh()

    def refresh(self) -> None:
        wizard = self.owner()
        level = wizard.level()
        self.level.setText(f"French surrender level {signed(level)}")
        if wizard.vichy is None:
            self.consequences.setText("The Axis player chooses: set up Vichy France or not. Next waits for the answer.")
            return
        try:
            items = france.hex_consequences(wizard.vichy, wizard.us_at_war(), wizard.edition)
        except RulesInputError as error:
            self.consequences.setText(escape(str(error)))
            return
        self.consequences.setText(bullet_list(items))


# --------------------------------------------------------------------------------------------------
# 3. Colonies
# --------------------------------------------------------------------------------------------------

class DieInput(QGroupBox):
    """One die: typed in (1-6) or rolled by the app.  A rolled die is kept as rolled."""

    changed = Signal()

    def __init__(self, roll: str, rng: random.Random) -> None:
        title = ROLL_TITLES[roll]
        colonies = ", ".join(colony.title for colony in ROLLS[roll])
        super().__init__(f"{title} die ({colonies})" if roll == "north_africa" else f"{title} die")
        self.roll, self.rng, self.title = roll, rng, title
        self.source = "typed"
        layout = QGridLayout(self)
        self.edit = QLineEdit()
        self.edit.setValidator(QRegularExpressionValidator(QRegularExpression("[1-6]"), self.edit))
        self.edit.setMaxLength(1)
        self.edit.setFixedWidth(48)
        self.edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.edit.setPlaceholderText("1-6")
        self.edit.setAccessibleName(f"{title} die")
        self.edit.setToolTip("Type the die you rolled at the table (1-6), or press Roll.")
        caption = QLabel("Die:")
        caption.setBuddy(self.edit)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setAccessibleName(f"Roll the {title} die")
        self.roll_button.setToolTip("Let the app roll this die; the roll is recorded and kept.")
        self.source_label = QLabel()
        self.source_label.setAccessibleName(f"{title} die source")
        self.modified = bold_label(name=f"{title} modified roll")
        self.modified.setWordWrap(True)
        layout.addWidget(caption, 0, 0)
        layout.addWidget(self.edit, 0, 1)
        layout.addWidget(self.roll_button, 0, 2)
        layout.addWidget(self.source_label, 0, 3)
        layout.addWidget(self.modified, 1, 0, 1, 4)
        layout.setColumnStretch(3, 1)
        self.edit.textEdited.connect(self._typed)
        self.roll_button.clicked.connect(self.roll_die)

    def _typed(self, _text: str) -> None:
        self.source = "typed"
        self._show_source()
        self.changed.emit()

    def roll_die(self) -> None:
        self.edit.setText(str(self.rng.randint(1, 6)))
        self.source = "rolled"
        self.edit.setReadOnly(True)
        self.roll_button.setEnabled(False)
        self.roll_button.setToolTip("Rolled: the die is kept, so undo never re-rolls it.")
        self._show_source()
        self.changed.emit()

    def _show_source(self) -> None:
        if self.die() is None:
            self.source_label.setText("")
        else:
            self.source_label.setText("rolled by the app (kept)" if self.source == "rolled" else "typed in")

    def die(self) -> DieRoll | None:
        text = self.edit.text()
        return DieRoll(int(text), self.source) if self.edit.hasAcceptableInput() else None

    def set_needed(self, needed: bool) -> None:
        rolled = self.source == "rolled" and self.die() is not None
        self.edit.setEnabled(needed)
        self.roll_button.setEnabled(needed and not rolled)
        if not needed:
            self.roll_button.setToolTip("No roll needed: every colony this die decides is held by the Axis or Britain.")
        elif rolled:
            self.roll_button.setToolTip("Rolled: the die is kept, so undo never re-rolls it.")
        else:
            self.roll_button.setToolTip("Let the app roll this die; the roll is recorded and kept.")
        if not needed:
            self.modified.setText("No roll: every colony this die decides is held by the Axis or Britain.")


class ColoniesPage(WizardPage):
    def __init__(self, wizard: FrenchSurrenderWizard) -> None:
        super().__init__()
        self.setTitle("3. French colonies (58.53)")
        self.setSubTitle("One die for Lebanon-Syria and one for French North Africa. Colonies the Axis or "
                         "Britain already hold do not roll.")
        layout = QVBoxLayout(self)
        self.modifiers = wrapped_label(name="Colony roll modifiers")
        layout.addWidget(self.modifiers)
        table = QGridLayout()
        table.setHorizontalSpacing(12)
        for column, heading in enumerate(("Colony", "Held by", "BRPs", "Free French on", "Outcome")):
            table.addWidget(bold_label(heading), 0, column)
        self.control: dict[Colony, QComboBox] = {}
        self.brps: dict[Colony, QSpinBox] = {}
        self.outcomes: dict[Colony, QLabel] = {}
        for row, colony in enumerate((c for roll in ROLLS.values() for c in roll), start=1):
            combo = QComboBox()
            for control, label in CONTROL_LABELS:
                combo.addItem(label, control.value)
            combo.setAccessibleName(f"{colony.title} held by")
            combo.setCurrentIndex(combo.findData(wizard.colony_control[colony.value]))
            combo.currentIndexChanged.connect(self._control_changed)
            brps = number_input(f"{colony.title} BRPs", 0, 100, wizard.colony_brps[colony.value])
            brps.setToolTip("The colony's BRP value from the map (58.31A, 58.531C).")
            brps.valueChanged.connect(self._brps_changed)
            outcome = wrapped_label(name=f"{colony.title} outcome")
            table.addWidget(QLabel(colony.title), row, 0)
            table.addWidget(combo, row, 1)
            table.addWidget(brps, row, 2)
            table.addWidget(QLabel(f"{colony.free_french_at_most} or less"), row, 3)
            table.addWidget(outcome, row, 4)
            self.control[colony], self.brps[colony], self.outcomes[colony] = combo, brps, outcome
        table.setColumnStretch(4, 1)
        layout.addLayout(table)
        dice = QHBoxLayout()
        self.dice: dict[str, DieInput] = {}
        for roll in ROLLS:
            die = DieInput(roll, wizard.rng)
            die.changed.connect(self._die_changed)
            dice.addWidget(die, 1)
            self.dice[roll] = die
        layout.addLayout(dice)
        layout.addStretch(1)
        self._complete = False

    def _control_changed(self, _index: int) -> None:
        wizard = self.owner()
        for colony, combo in self.control.items():
            wizard.colony_control[colony.value] = str(combo.currentData())
        self.refresh()

    def _brps_changed(self, _value: int) -> None:
        wizard = self.owner()
        for colony, spin in self.brps.items():
            wizard.colony_brps[colony.value] = spin.value()

    def _die_changed(self) -> None:
        wizard = self.owner()
        for roll, die in self.dice.items():
            wizard.dice[roll] = die.die()
        self.refresh()

    def initializePage(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        wizard = self.owner()
        level, vichy = wizard.level(), wizard.vichy
        self.modifiers.setText(f"Each die is modified by the French surrender level ({signed(level)})"
                               + (" and +3 for Vichy France" if vichy else " (no Vichy France: no +3)")
                               + f" (58.531A): {signed(level + (3 if vichy else 0))} in all. A colony that does"
                               " not become Free French becomes "
                               + ("Vichy French (58.531B)." if vichy else
                                  "an independent neutral minor country with one 2-3 infantry unit in its capital "
                                  "(58.532)."))
        complete = True
        for roll, colonies in ROLLS.items():
            die_input = self.dice[roll]
            needed = wizard.roll_needed(roll)
            die_input.set_needed(needed)
            die = wizard.dice.get(roll)
            results: list[ColonyOutcome] = []
            for colony in colonies:
                outcome = wizard.colony(colony)
                self.outcomes[colony].setText(outcome.text if outcome else "Waiting for the die.")
                if outcome is not None:
                    results.append(outcome)
            if needed and die is None:
                complete = False
                die_input.modified.setText("Type the die (1-6) or press Roll.")
            elif needed:
                modified = next(r.modified for r in results if r.modified is not None)
                die_input.modified.setText(f"Die {die.value if die else ''} {signed(level)} level"
                                           + (" +3 Vichy" if vichy else "") + f" = modified roll {modified}")
        if complete != self._complete:
            self._complete = complete
            self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self._complete


# --------------------------------------------------------------------------------------------------
# 4. Forces
# --------------------------------------------------------------------------------------------------

FORCE_COLUMNS = (("infantry", "Infantry factors"), ("armor", "Armor units"), ("aaf", "AAF"),
                 ("named_ships", "Named ships"), ("cruisers", "Cruisers"), ("destroyers", "Destroyer factors"))
SHIP_FIELDS = (("named_ships", "Named ships"), ("cruisers", "Cruisers"), ("destroyers", "Destroyer factors"))


class ForcesPage(WizardPage):
    def __init__(self, wizard: FrenchSurrenderWizard) -> None:
        super().__init__()
        self.setTitle("4. Free French and Vichy forces (58.6)")
        self.setSubTitle("58.611: the Allied player picks the Free French forces first, then the Axis player "
                         "picks Vichy's.")
        layout = QVBoxLayout(self)
        self.armor: QCheckBox | None = None
        if wizard.edition is Edition.UPDATED:
            self.armor = QCheckBox("France has a 4-5 armor unit from Gathering Storm research (58.613)")
            self.armor.setAccessibleName("France has a 4-5 armor unit")
            self.armor.setChecked(wizard.french_4_5_armor)
            self.armor.toggled.connect(self._armor)
            layout.addWidget(self.armor)
        forces = QGroupBox("Forces each side gets by the tables")
        grid = QGridLayout(forces)
        for column, (_key, heading) in enumerate(FORCE_COLUMNS, start=1):
            grid.addWidget(bold_label(heading), 0, column)
        self.cells: dict[tuple[str, str], QLabel] = {}
        self.force_text: dict[str, QLabel] = {}
        for row, (side, title) in enumerate((("free_french", "Free French (58.621)"),
                                             ("vichy", "Vichy France (58.631)")), start=1):
            grid.addWidget(QLabel(title), row, 0)
            for column, (key, _heading) in enumerate(FORCE_COLUMNS, start=1):
                cell = QLabel()
                cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
                grid.addWidget(cell, row, column)
                self.cells[(side, key)] = cell
        self.force_text["free_french"] = wrapped_label(name="Free French forces")
        self.force_text["vichy"] = wrapped_label(name="Vichy forces")
        grid.addWidget(self.force_text["free_french"], 3, 0, 1, 7)
        grid.addWidget(self.force_text["vichy"], 4, 0, 1, 7)
        layout.addWidget(forces)
        ships = QGroupBox("French ships that exist at the surrender (damaged and '2'/'Launch' row ships "
                          "included, at full value: 58.642)")
        ship_row = QHBoxLayout(ships)
        self.ships: dict[str, QSpinBox] = {}
        for key, label in SHIP_FIELDS:
            spin = number_input(f"French {label.lower()} that exist", 0, 200, getattr(wizard.existing_ships, key))
            caption = QLabel(label)
            caption.setBuddy(spin)
            spin.valueChanged.connect(self._ships_changed)
            ship_row.addWidget(caption)
            ship_row.addWidget(spin)
            ship_row.addSpacing(12)
            self.ships[key] = spin
        ship_row.addStretch(1)
        layout.addWidget(ships)
        fleet = QGroupBox("The French fleet (58.64)")
        fleet_layout = QGridLayout(fleet)
        self.fleet: dict[str, QLabel] = {}
        for row, (key, title) in enumerate((("free_french", "Free French get"), ("vichy", "Vichy gets"),
                                            ("free_french_short", "Free French lose: not enough ships (58.643)"),
                                            ("vichy_short", "Vichy loses: not enough ships (58.643)"),
                                            ("left_over", "Taken by neither side, removed (58.61)"))):
            fleet_layout.addWidget(QLabel(title), row, 0)
            label = bold_label(name=title)
            label.setWordWrap(True)
            fleet_layout.addWidget(label, row, 1)
            self.fleet[key] = label
        fleet_layout.setColumnStretch(1, 1)
        layout.addWidget(fleet)
        layout.addStretch(1)

    def _armor(self, checked: bool) -> None:
        self.owner().french_4_5_armor = bool(checked)
        self.refresh()

    def _ships_changed(self, _value: int) -> None:
        self.owner().existing_ships = Ships(**{key: spin.value() for key, spin in self.ships.items()})
        self.refresh()

    def initializePage(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        wizard = self.owner()
        level, vichy = wizard.level(), wizard.vichy
        ff = free_french_forces(level, vichy, wizard.edition, wizard.french_4_5_armor)
        vi = vichy_forces(level, vichy, wizard.edition, wizard.french_4_5_armor)
        for side, force in (("free_french", ff), ("vichy", vi)):
            for key, _heading in FORCE_COLUMNS:
                value = getattr(force, key)
                text = str(value) if value else "\u2013"
                if key == "armor" and value:
                    text = f"{value} ({force.armor_type})"
                self.cells[(side, key)].setText(text)
        self.force_text["free_french"].setText(f"Free French, level {signed(level)}, "
                                               f"{'with' if vichy else 'without'} Vichy: {ff.describe()}")
        self.force_text["vichy"].setText(f"Vichy France: {vi.describe()}" if vichy else
                                         "No Vichy France: no Vichy forces.")
        allocation = allocate_fleet(wizard.existing_ships, ff, vi)
        self.fleet["free_french"].setText(allocation.free_french.describe())
        self.fleet["vichy"].setText(allocation.vichy.describe())
        self.fleet["free_french_short"].setText(allocation.free_french_short.describe())
        self.fleet["vichy_short"].setText(allocation.vichy_short.describe())
        self.fleet["left_over"].setText(allocation.left_over.describe())


# --------------------------------------------------------------------------------------------------
# 5. Summary
# --------------------------------------------------------------------------------------------------

class SummaryPage(WizardPage):
    def __init__(self, wizard: FrenchSurrenderWizard) -> None:
        super().__init__()
        self.setTitle("5. Summary")
        self.setSubTitle("Everything decided. Finish records it in the game (one step Undo can take back); "
                         "Cancel leaves the game as it was.")
        layout = QVBoxLayout(self)
        self.brp_base: QSpinBox | None = None
        if wizard.edition is Edition.ORIGINAL:
            row = QHBoxLayout()
            self.brp_base = number_input("French BRP base at the surrender", 0, 500, wizard.french_brp_base)
            self.brp_base.setToolTip("Original rules 58.71: France is worth its BRP base at the surrender "
                                     "minus 40 as a conquest.")
            caption = QLabel("French BRP base at the surrender (58.71):")
            caption.setBuddy(self.brp_base)
            row.addWidget(caption)
            row.addWidget(self.brp_base)
            row.addStretch(1)
            layout.addLayout(row)
            self.brp_base.valueChanged.connect(self._brp_base)
        self.headline = wrapped_label(name="Summary headline", rich=True)
        layout.addWidget(self.headline)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName("Summary")
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        layout.addWidget(self.text, 1)
        buttons = QHBoxLayout()
        self.copy = QPushButton("Copy to clipboard")
        self.copy.setAccessibleName("Copy to clipboard")
        self.copy.setToolTip("Copy the summary as plain text, for a game log or an email.")
        self.copy.clicked.connect(self.copy_to_clipboard)
        buttons.addWidget(self.copy)
        self.copied = QLabel()
        buttons.addWidget(self.copied)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.error = wrapped_label(name="Summary problem")
        self.error.setStyleSheet("color: #b00020;")
        layout.addWidget(self.error)
        self._complete = False

    def _brp_base(self, value: int) -> None:
        self.owner().french_brp_base = int(value)
        self.refresh()

    def initializePage(self) -> None:
        self.copied.setText("")
        self.refresh()

    def refresh(self) -> None:
        try:
            outcome = self.owner().outcome()
        except RulesInputError as error:
            self.text.setPlainText("")
            self.headline.setText("")
            self.error.setText(f"Cannot finish: {error}")
            complete = False
        else:
            self.headline.setText(headline(outcome))
            self.text.setPlainText(outcome.summary_text())
            self.error.setText("")
            complete = True
        if complete != self._complete:
            self._complete = complete
            self.completeChanged.emit()

    def copy_to_clipboard(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())
        self.copied.setText("Copied.")

    def isComplete(self) -> bool:
        return self._complete


def headline(outcome: FrenchSurrenderOutcome) -> str:
    """The decisions at a glance, above the full text (all figures from the outcome)."""
    colonies = ", ".join(f"{escape(c.colony.title)} {escape(c.alignment.title)}" for c in outcome.colonies)
    brps = outcome.brps
    parts = [f"Conquest {brps.conquest_value}"]
    if brps.key_areas:
        parts.append(f"key areas {sum(brps.key_areas.values())}")
    if brps.vichy_value:
        parts.append(f"Vichy {brps.vichy_value}")
    if brps.axis_vichy_share:
        parts.append(f"Vichy's {brps.axis_vichy_share} to the Axis")
    if brps.free_french_colonies:
        parts.append(f"Free French colonies {brps.free_french_colonies} to Britain")
    vichy = "Vichy France set up" if outcome.vichy else "No Vichy France"
    return (f"<b>Level {signed(outcome.level)} \u00b7 {vichy}</b><br>Colonies: {colonies}<br>"
            f"BRPs: {escape(', '.join(parts))}")


# --------------------------------------------------------------------------------------------------
# The wizard
# --------------------------------------------------------------------------------------------------

class FrenchSurrenderWizard(QWizard):
    """Asks the players about a French surrender and records what the core decides on Finish."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.rng = rng or random.Random()
        session = store.session
        self.edition, self.scenario, self.turn = session.edition, session.scenario, session.turn
        self.lines = france.lines(self.edition, self.scenario)
        values: dict[str, Any] = {line.id: store.value(POWER, line.id) for line in self.lines
                                  if line.input_kind != "derived"}
        first_hex = values.get(france.GERMAN_FIRST_HEX.id)
        if isinstance(first_hex, dict) and first_hex.get("year") == 0:
            # 58.21E: the turn Germany first held a hex in France, carried from earlier turns
            values[france.GERMAN_FIRST_HEX.id] = france.prefill(session.game_context())[france.GERMAN_FIRST_HEX.id]
        self.level_answers = LevelAnswers(self.lines, values, self, session.turn, session.start_turn)
        #: 58.31: the Axis player's answer; None until given (nothing is chosen for him).
        self.vichy: bool | None = None
        self.dice: dict[str, DieRoll | None] = dict.fromkeys(ROLLS)
        self.colony_control: dict[str, str] = {colony.value: Control.FRENCH.value for colony in Colony}
        self.colony_brps: dict[str, int] = {colony.value: 0 for colony in Colony}
        self.existing_ships = Ships()
        self.french_4_5_armor = False
        self.french_brp_base = 60
        self.recorded: FrenchSurrenderOutcome | None = None

        self.setWindowTitle(f"French surrender \u2014 {self.turn.title}")
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setMinimumSize(860, 620)
        self.level_page = LevelPage(self)
        self.vichy_page = VichyPage(self)
        self.colonies_page = ColoniesPage(self)
        self.forces_page = ForcesPage(self)
        self.summary_page = SummaryPage(self)
        for page in (self.level_page, self.vichy_page, self.colonies_page, self.forces_page, self.summary_page):
            self.addPage(page)
        for which in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
                      QWizard.WizardButton.FinishButton, QWizard.WizardButton.CancelButton):
            button = self.button(which)
            button.setAccessibleName(button.text().replace("&", "").replace("<", "").replace(">", "").strip())
        self.level_page.refresh()

    # -- the answers, handed to the core ----------------------------------------------------
    def game(self) -> Any:
        return self.store.session.game_context()

    def level_table(self) -> TableResult:
        return france.evaluate_level(self.level_answers.values, self.game())

    def surrender_check(self) -> france.SurrenderCheck:
        values = self.level_answers.values
        return france.surrender_check(bool(values[france.PARIS.id]), bool(values[france.VOLUNTARY.id]), self.turn)

    def level(self) -> int:
        try:
            return france.clamp_level(self.level_table().total)
        except RulesInputError:
            return 0

    def us_at_war(self) -> bool:
        return bool(self.level_answers.values.get(france.US_AT_WAR.id, False))

    def vichy_allowed(self) -> tuple[bool, str]:
        return france.vichy_allowed(self.us_at_war())

    def roll_needed(self, roll: str) -> bool:
        return any(self.colony_control[colony.value] == Control.FRENCH.value for colony in ROLLS[roll])

    def colony(self, colony: Colony) -> ColonyOutcome | None:
        """One colony's outcome so far, or None while its die is missing."""
        die = self.dice.get(colony.roll)
        control = Control(self.colony_control[colony.value])
        if control is Control.FRENCH and die is None:
            return None
        return colony_outcome(colony, None if die is None else die.value, self.level(), self.vichy, control)

    def request(self) -> FrenchSurrenderRequest:
        first = france.first_german_hex_turn(self.level_answers.values, self.game()) \
            if self.edition is Edition.UPDATED else None
        return FrenchSurrenderRequest(
            edition=self.edition, turn=self.turn, level_inputs=dict(self.level_answers.values),
            german_first_hex_turn=first, vichy=self.vichy,
            dice={roll: die if self.roll_needed(roll) else None for roll, die in self.dice.items()},
            colony_control=dict(self.colony_control), existing_ships=self.existing_ships,
            french_4_5_armor=self.french_4_5_armor, french_brp_base=self.french_brp_base,
            colony_brps=dict(self.colony_brps), scenario=self.scenario)

    def outcome(self) -> FrenchSurrenderOutcome:
        return french_surrender_outcome(self.request())

    # -- Finish -------------------------------------------------------------------------------
    def accept(self) -> None:
        try:
            outcome = self.outcome()
        except RulesInputError as error:
            self.summary_page.error.setText(f"Cannot finish: {error}")
            return
        try:
            self.store.change_session("French surrender", lambda session: record_french_surrender(session, outcome))
        except RulesInputError as error:
            self.summary_page.error.setText(f"Cannot record the surrender: {error}")
            return
        self.recorded = outcome
        super().accept()


def screens(store: SessionStore) -> list[tuple[str, QWidget]]:
    """The wizard at each page, for ``--screenshot-dir`` (named ``french-wizard-1-level`` ...).

    Nothing is recorded: the wizards are never finished.  If France does not surrender in the open game,
    the wizards tick "Axis control Paris" in their own answers so every page can be shown."""
    shown: list[tuple[str, QWidget]] = []
    for index, name in enumerate(PAGE_NAMES):
        wizard = FrenchSurrenderWizard(store, rng=random.Random(1940))
        wizard.resize(900, 680)
        try:
            surrenders = wizard.surrender_check().surrenders
        except RulesInputError:
            surrenders = False
        if not surrenders:
            wizard.level_page.set_answer(france.PARIS.id, True)
        wizard.restart()
        for _step in range(index + 1):
            if wizard.currentPage() is wizard.vichy_page and wizard.vichy is None and index > 1:
                wizard.vichy_page.establish.setChecked(True)   # to show later pages; the Vichy page stays blank
            if wizard.currentPage() is wizard.colonies_page:
                for die in wizard.colonies_page.dice.values():
                    if die.edit.isEnabled() and die.die() is None:
                        die.roll_die()
            if wizard.currentId() < index:
                wizard.next()
        shown.append((f"french-wizard-{index + 1}-{name}", wizard))
    return shown
