"""Page 5: the summary Finish records."""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout

from ....core.awaw.common import Edition
from ....core.awaw.france_colonies import Alignment
from ....core.awaw.france_surrender import FrenchSurrenderOutcome
from ....core.lines import RulesInputError
from ...shell.number_box import NumberBox
from .common import FrenchAnswers, WizardPage, number_input, signed, wrapped_label


class SummaryPage(WizardPage):
    def __init__(self, wizard: FrenchAnswers) -> None:
        super().__init__()
        self.setTitle("5. Summary")
        self.setSubTitle("Everything decided. Finish records it in the game (one step Undo can take back); "
                         "Cancel leaves the game as it was.")
        layout = QVBoxLayout(self)
        self.brp_base: NumberBox | None = None
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
            self.show_refusals(layout, "Summary: number not entered")
        self.headline = wrapped_label(name="Summary headline", rich=True)
        layout.addWidget(self.headline)
        self.brp_note = wrapped_label(name="Colony BRPs note")
        self.brp_note.setStyleSheet("color: #b00020;")
        layout.addWidget(self.brp_note)
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
            self.brp_note.setText(colony_brps_note(outcome, self.owner().colony_brps))
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


def colony_brps_note(outcome: FrenchSurrenderOutcome, colony_brps: dict[str, int]) -> str:
    """Said when a colony whose BRPs count (Vichy, 58.31A; Free French, 58.531C) has none entered."""
    missing = [c.colony.title for c in outcome.colonies
               if c.alignment in (Alignment.VICHY, Alignment.FREE_FRENCH) and not colony_brps.get(c.colony.value)]
    if not missing:
        return ""
    return (f"No BRPs entered for {', '.join(missing)} (colonies page): counted as 0 here. Type their values "
            "from the map on the colonies page if they are not 0 (58.31A, 58.531C).")


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
