"""The last page: the summary Finish records."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout

from .common import KIND_WORDS, BritishAnswers, WizardPage, named, problem_label


class SummaryPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "Summary",
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
        text = with_exhausted(self.owner.outcome().summary_text(), self.run_out())
        overrides = self.owner.overrides()
        if overrides:
            text += "\n\nOverridden by the players (59.6):\n" + "\n".join(f"- {line}" for line in overrides)
        self.text.setPlainText(text)
        self.copied.clear()

    def nextId(self) -> int:
        return -1

    def run_out(self) -> list[str]:
        """The kinds the British player ticked as having no more to remove (59.513E), in words."""
        owner = self.owner
        outcome = owner.outcome()
        if not outcome.surrendered or outcome.removed is None:
            return []
        required, removed = outcome.required, outcome.removed
        figures = {"aaf": (removed.aaf, required.aaf), "ground_nas_brps": (removed.ground_nas_brps,
                                                                           required.ground_nas_brps),
                   "naval_factors": (removed.naval_value, required.naval_factors)}
        units = {"aaf": "AAF", "ground_nas_brps": "BRPs", "naval_factors": "naval factors"}
        return [f"  No more {KIND_WORDS[kind]} to remove (59.513E): the {figures[kind][0]} {units[kind]} removed "
                f"are all Britain had, of {figures[kind][1]} required."
                for kind in REDUCTION_ORDER if kind in owner.exhausted]


#: The kinds of reduction in the order the summary lists them (59.512).
REDUCTION_ORDER = ("aaf", "ground_nas_brps", "naval_factors")


def with_exhausted(summary: str, run_out: list[str]) -> str:
    """The summary with the 59.513E lines at the end of its force reductions."""
    if not run_out:
        return summary
    lines = summary.split("\n")
    start = next((index for index, line in enumerate(lines) if line.startswith("Force reductions")), None)
    if start is None:
        return summary + "\n" + "\n".join(run_out)
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return "\n".join([*lines[:end], *run_out, *lines[end:]])
