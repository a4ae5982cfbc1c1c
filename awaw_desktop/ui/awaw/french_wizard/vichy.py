"""Page 2: the Axis player's Vichy choice (58.3) and what it does to the hexes (58.4)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QFrame, QRadioButton, QScrollArea, QVBoxLayout, QWizard

from ....core.awaw import france
from ....core.lines import RulesInputError
from .common import FrenchAnswers, WizardPage, bold_label, bullet_list, signed, wrapped_label


class VichyPage(WizardPage):
    def __init__(self, wizard: FrenchAnswers) -> None:
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
        scroll.setAccessibleName("Hex and force consequences, to scroll")   # a Tab stop: the arrow keys scroll it
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

    def cleanupPage(self) -> None:
        """Going Back keeps the answer and takes this page's reason off the Next button it shares."""
        self.wizard().button(QWizard.WizardButton.NextButton).setToolTip("")

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
