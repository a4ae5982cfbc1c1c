"""Page 7: the summary Finish records."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout

from .common import WizardPage, named, problem_label

if TYPE_CHECKING:
    from .wizard import BritishSurrenderWizard


class SummaryPage(WizardPage):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "7. Summary",
                         "Finish records this in the game (one undo step); Cancel leaves the game untouched.")
        layout = QVBoxLayout(self)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        named(self.text, "Summary")
        layout.addWidget(self.text, 1)
        row = QHBoxLayout()
        self.copy = QPushButton("Copy to clipboard")
        named(self.copy, "Copy to clipboard")
        self.copy.clicked.connect(self._copy)
        row.addWidget(self.copy)
        self.copied = QLabel()
        row.addWidget(self.copied, 1)
        layout.addLayout(row)
        self.error = problem_label("Recording problem")
        layout.addWidget(self.error)
        self.setFinalPage(True)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())
        self.copied.setText("Copied.")

    def initializePage(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        text = self.owner.outcome().summary_text()
        overrides = self.owner.overrides()
        if overrides:
            text += "\n\nOverridden by the players (59.6):\n" + "\n".join(f"- {line}" for line in overrides)
        self.text.setPlainText(text)
        self.copied.clear()

    def nextId(self) -> int:
        return -1
