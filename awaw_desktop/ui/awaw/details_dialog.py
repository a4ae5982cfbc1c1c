"""File > Game details: the game's title and the players' names (the edition and scenario are chosen when a game
is created)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from ...core.awaw.session import Session


class GameDetailsDialog(QDialog):
    """The game's title and the players' names (the edition and scenario are fixed for a game)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game details")
        form = QFormLayout(self)
        self.title = QLineEdit(session.title)
        self.title.setAccessibleName("Game title")
        self.title.setMaxLength(200)
        self.axis = QLineEdit(session.players.get("axis", ""))
        self.axis.setAccessibleName("Axis player")
        self.axis.setMaxLength(200)
        self.allied = QLineEdit(session.players.get("allied", ""))
        self.allied.setAccessibleName("Allied player")
        self.allied.setMaxLength(200)
        fixed = QLabel(f"{escape(session.edition.title)}, {escape(session.scenario.title)}; started "
                       f"{escape(session.start_turn.title)}. The edition and scenario are chosen when a game "
                       "is created.")
        fixed.setWordWrap(True)
        form.addRow(fixed)
        form.addRow("Game &title:", self.title)
        form.addRow("&Axis player:", self.axis)
        form.addRow("A&llied player:", self.allied)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def details(self) -> tuple[str, dict[str, str]]:
        return self.title.text().strip(), {"axis": self.axis.text().strip(), "allied": self.allied.text().strip()}
