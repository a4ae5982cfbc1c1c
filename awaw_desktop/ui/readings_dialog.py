"""Help > How we read the rules: the readings we chose where a rule is unclear."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ..core.awaw.readings import document
from ..paths import resources_dir


class ReadingsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("How awaw-desktop reads the rules")
        self.resize(820, 640)
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName("Rules readings")
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(document(resources_dir() / "readings"))
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
