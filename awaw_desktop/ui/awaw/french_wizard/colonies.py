"""Page 3: the French colonies' dice (58.53)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from ....core.awaw.france_colonies import ROLLS, Colony, ColonyOutcome, Control
from ....core.awaw.france_surrender import DieRoll
from ....core.lines import RulesInputError
from ...shell.accessible import LiveLabel, announce
from ...shell.number_box import NumberBox, not_a_number, out_of_range, plain_digits, typed_number
from .common import FrenchAnswers, WizardPage, bold_label, number_input, signed, wrapped_label

#: What the two dice are called on screen (58.531).
ROLL_TITLES = {"lebanon_syria": "Lebanon-Syria", "north_africa": "French North Africa"}
#: Where the BRPs column's numbers come from: the rules use the colonies' values but do not give them.
BRP_HINT = ("BRPs: type each colony's BRP value as printed on your map; the rules do not list them, so they stay 0 "
            "until you do. They count for Vichy France (20 plus its colonies, 58.31A) and for Britain, which "
            "receives the Free French colonies' BRPs (58.531C).")
CONTROL_LABELS = ((Control.FRENCH, "France"), (Control.AXIS, "the Axis: no roll (58.533)"),
                  (Control.BRITISH, "Britain: no roll (58.534)"))


class DieInput(QGroupBox):
    """One die: typed in (1-6) or rolled by the app (``roller``: the wizard's, which in play by e-mail takes the
    game's next fair die and may refuse, saying why).  A rolled die is kept as rolled.

    ``typing_refused``: why a real die may not be typed ("" when it may): in play by e-mail nobody else sees it
    rolled, so typing waits for both players' agreement (``core.record.pbem``); the box then offers only the Roll
    button and "Agree to typed dice" (``agree``: records this player's agreement and says what is left)."""

    changed = Signal()

    def __init__(self, roll: str, roller: Callable[[str], int], typing_refused: Callable[[], str] = lambda: "",
                 agree: Callable[[], str] | None = None) -> None:
        title = ROLL_TITLES[roll]
        colonies = ", ".join(colony.title for colony in ROLLS[roll])
        super().__init__(f"{title} die ({colonies})" if roll == "north_africa" else f"{title} die")
        self.roll, self.roller, self.title = roll, roller, title
        self.typing_refused, self._agree = typing_refused, agree
        self.source = "typed"
        layout = QGridLayout(self)
        self.edit = QLineEdit()
        # No validator: a key it refused would vanish unexplained.  What is typed is judged as it comes (_typed).
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
        self.source_label = LiveLabel()
        self.source_label.setAccessibleName(f"{title} die source")
        self.modified = bold_label(name=f"{title} modified roll")
        self.modified.setWordWrap(True)
        self.problem = wrapped_label(name=f"{title} die problem")
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.hide()
        self.typing_line = wrapped_label(name=f"{title} typed die")
        self.agree_button = QPushButton("Agree to typed dice")
        self.agree_button.setAccessibleName(f"Agree to typed dice ({title} die)")
        self.agree_button.setToolTip("Record that you agree to type dice from real dice in this game; the other "
                                     "player agrees on his own computer.")
        self.agree_button.clicked.connect(self.agree_to_typed_dice)
        #: The last die the box held (typed in range or rolled): what it goes back to when a typed number is refused.
        self._kept = ""
        layout.addWidget(caption, 0, 0)
        layout.addWidget(self.edit, 0, 1)
        layout.addWidget(self.roll_button, 0, 2)
        layout.addWidget(self.source_label, 0, 3)
        layout.addWidget(self.modified, 1, 0, 1, 4)
        layout.addWidget(self.problem, 2, 0, 1, 4)
        layout.addWidget(self.typing_line, 3, 0, 1, 3)
        layout.addWidget(self.agree_button, 3, 3)
        layout.setColumnStretch(3, 1)
        self.edit.textEdited.connect(self._typed)
        self.edit.editingFinished.connect(self._finished)
        self.edit.installEventFilter(self)
        self.roll_button.clicked.connect(self.roll_die)
        self._show_typing()

    def _show_typing(self) -> None:
        """In play by e-mail, until both players agreed to typed dice: the die is rolled, not typed."""
        refused = self.typing_refused()
        rolled = self.source == "rolled" and self.die() is not None
        self.edit.setReadOnly(bool(refused) or rolled)
        self.edit.setPlaceholderText("Roll" if refused else "1-6")
        self.edit.setToolTip(f"A die typed from a real die is refused: {refused}." if refused else
                             "Type the die you rolled at the table (1-6), or press Roll.")
        self.typing_line.setText(f"Press Roll: {refused}." if refused else "")
        self.typing_line.setVisible(bool(refused))
        self.agree_button.setVisible(bool(refused) and self._agree is not None)

    def agree_to_typed_dice(self) -> None:
        if self._agree is None:
            return
        try:
            said = self._agree()
        except RulesInputError as error:
            said = f"Not agreed: {error}"
        self.changed.emit()   # every die box reads the agreement again (the page's refresh: ``set_needed``)
        self._show_typing()
        self.typing_line.setText(said)
        self.typing_line.setVisible(True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on a refused die stays in the box: it does not also press Next with the earlier die."""
        if (watched is self.edit and isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self._finished()):
            return True
        return super().eventFilter(watched, event)

    def _typed(self, text: str) -> None:
        """A typed die outside 1-6, or what is no number at all, is refused at once: the box shows its
        earlier die again (selected, to type over) and says why.  A sign alone may stand while typing;
        digits of other scripts ("５") are taken as 0-9."""
        refused = self.typing_refused()
        if refused:   # read-only already; a die never reaches the wizard typed without both players' agreement
            self.edit.setText(self._kept)
            self._refuse(f"a die typed from a real die is refused: {refused}")
            return
        self.source = "typed"
        plain = plain_digits(text).strip()
        number = typed_number(plain)
        problem = ("" if plain in ("", "+", "-") else
                   not_a_number(f"{self.title} die", 1, 6) if number is None else
                   out_of_range(f"{self.title} die", number, 1, 6) if not 1 <= number <= 6 else "")
        if problem:
            self._refuse(problem)
            self.edit.setText(self._kept)
            self.edit.selectAll()
        else:
            self.problem.hide()
            if plain != text:
                self.edit.setText(plain)
            if self.die() is not None or not plain:
                self._kept = self.edit.text()
        self._show_source()
        self.changed.emit()

    def _finished(self) -> bool:
        """The player left the box: a number outside 1-6 is not kept; the box shows its earlier die again.
        True if the box holds what was typed."""
        text = self.edit.text()
        number = typed_number(text)
        if number is not None and 1 <= number <= 6 and text != str(number):
            self.edit.setText(str(number))
            self._kept = self.edit.text()
        if self.edit.text() == self._kept:
            return True
        self._refuse(out_of_range(f"{self.title} die", number, 1, 6) if number is not None
                     else not_a_number(f"{self.title} die", 1, 6))
        self.edit.setText(self._kept)
        self._show_source()
        self.changed.emit()
        return False

    def _refuse(self, message: str) -> None:
        self.problem.setText(f"Not entered: {message}")
        self.problem.show()

    def roll_die(self) -> None:
        try:
            value = self.roller(f"the {self.title} colony roll (58.531)")
        except RulesInputError as error:   # play by e-mail: no fair die to draw yet
            self.problem.setText(f"Not rolled: {error}.")
            self.problem.show()
            self.roll_button.setToolTip(f"Not rolled: {error}.")
            return
        self.edit.setText(str(value))
        self._kept = self.edit.text()
        self.problem.hide()
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
        number = typed_number(self.edit.text())
        return DieRoll(number, self.source) if number is not None and 1 <= number <= 6 else None

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
        self._show_typing()


class ColoniesPage(WizardPage):
    def __init__(self, wizard: FrenchAnswers) -> None:
        super().__init__()
        self.setTitle("3. French colonies (58.53)")
        self.setSubTitle("One die for Lebanon-Syria and one for French North Africa. Colonies the Axis or "
                         "Britain already hold do not roll.")
        layout = QVBoxLayout(self)
        self.modifiers = wrapped_label(name="Colony roll modifiers")
        layout.addWidget(self.modifiers)
        table = QGridLayout()
        table.setHorizontalSpacing(12)
        for column, heading in enumerate(("Colony", "Held by", "BRPs (map)", "Free French on", "Outcome")):
            table.addWidget(bold_label(heading), 0, column)
        self.control: dict[Colony, QComboBox] = {}
        self.brps: dict[Colony, NumberBox] = {}
        self.outcomes: dict[Colony, QLabel] = {}
        for row, colony in enumerate((c for roll in ROLLS.values() for c in roll), start=1):
            combo = QComboBox()
            for control, label in CONTROL_LABELS:
                combo.addItem(label, control.value)
            combo.setAccessibleName(f"{colony.title} held by")
            combo.setCurrentIndex(combo.findData(wizard.colony_control[colony.value]))
            combo.currentIndexChanged.connect(self._control_changed)
            brps = number_input(f"{colony.title} BRPs", 0, 100, wizard.colony_brps[colony.value])
            brps.setToolTip(BRP_HINT)
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
        self.brp_hint = wrapped_label(BRP_HINT, "Colony BRPs hint")
        layout.addWidget(self.brp_hint)
        dice = QHBoxLayout()
        self.dice: dict[str, DieInput] = {}
        for roll in ROLLS:
            die = DieInput(roll, wizard.roll_die, wizard.typed_dice_refused, wizard.agree_to_typed_dice)
            die.changed.connect(lambda roll=roll: self._die_changed(roll))
            dice.addWidget(die, 1)
            self.dice[roll] = die
        layout.addLayout(dice)
        layout.addStretch(1)
        self.show_refusals(layout, "Colonies: number not entered")
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

    def _die_changed(self, roll: str = "") -> None:
        wizard = self.owner()
        for key, die in self.dice.items():
            wizard.dice[key] = die.die()
        self.refresh()
        if roll and wizard.dice.get(roll) is not None:   # what the die decided, heard as it is shown (issue 40)
            decided = [f"{colony.title}: {self.outcomes[colony].text()}" for colony in ROLLS[roll]]
            announce(self.dice[roll], f"{self.dice[roll].modified.text()}. " + " ".join(decided))

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
