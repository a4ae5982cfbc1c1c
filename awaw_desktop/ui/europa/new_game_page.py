"""New game, Europa: the first turn played in Europa's calendar and the Axis-Allied nations to add.

The title and the players' names come from the first page of New game; the game is built by the core
(``core.europa.actions``), so a turn or a name the rules refuse is explained here before anything changes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLineEdit, QVBoxLayout, QWidget, QWizardPage

from ...core.europa import actions
from ...core.europa.calendar import EuropaTurn
from ...core.europa.state import SUGGESTED_NATIONS, EuropaGame
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel


class EuropaGamePage(QWizardPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle("New Europa game (Axis political rules, 56)")
        self.setSubTitle("The first game turn you play (two a month: \"Jul I 1943\", \"Jul II 1943\") and the "
                         "Axis-Allied nations to track; more can be added later.")
        self.start = QLineEdit()   # nothing chosen for the players: the placeholder shows how to write it
        self.start.setAccessibleName("Starting game turn")
        self.start.setPlaceholderText("e.g. Jul I 1943")
        self.nations = {name: QCheckBox(name) for name in SUGGESTED_NATIONS}
        self.others = QLineEdit()
        self.others.setAccessibleName("Other nations")
        self.others.setPlaceholderText("any other names, separated by commas")
        self.problem = LiveLabel()
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setAccessibleName("Why the Europa game cannot be created yet")
        self.problem.setStyleSheet("color: #b00020; font-weight: 600;")
        boxes = QWidget()
        column = QVBoxLayout(boxes)
        column.setContentsMargins(0, 0, 0, 0)
        for box in self.nations.values():
            box.setAccessibleName(box.text())
            column.addWidget(box)
        form = QFormLayout(self)
        form.addRow("Starting game &turn:", self.start)
        form.addRow("Nations:", boxes)
        form.addRow("&Other nations:", self.others)
        form.addRow(self.problem)
        self.setFinalPage(True)

    def nextId(self) -> int:
        return -1

    def chosen_nations(self) -> list[str]:
        ticked = [name for name, box in self.nations.items() if box.isChecked()]
        return ticked + [name.strip() for name in self.others.text().split(",") if name.strip()]

    def game(self, title: str, players: dict[str, str]) -> EuropaGame:
        """The new game (raises ``RulesInputError`` in words: a turn not in the calendar, a name twice ...)."""
        if not self.start.text().strip():
            raise RulesInputError("type the first game turn you play, like Jul I 1943 (two turns a month: I and II)")
        game = actions.new_game(EuropaTurn.parse(self.start.text()), title, players.get("axis", ""),
                                players.get("allied", ""))
        for name in self.chosen_nations():
            game = actions.add_nation(game, name)
        return game

    def show_problem(self, error: RulesInputError) -> None:
        self.problem.setText(f"Not created: {error}")

