"""Help > How we read the rules: the readings we chose where a rule is unclear."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ...core.family import readings_document
from .screen import resize_within_screen


class ReadingsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("How awaw-desktop reads the rules")
        resize_within_screen(self, 820, 640)   # a laptop at 150% or 200% has less room
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName("Rules readings")
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(readings_document())  # every rules family's, as docs/rules-readings.md
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
