"""File > New game: the rules family, its own choices (its rows on the first page and its pages after it,
``families.NewGamePart``), the game's title and the players.  Each family makes and checks its new game; the
dialog knows families only through ``families``."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QWidget,
    QWizard,
    QWizardPage,
)

from ...core import family as families
from .families import NewGamePart, every_family
from .number_box import NumberBox, RefusalLine
from .screen import fit_wizard


class GamePage(QWizardPage):
    """The first page: the rules family and its choices, the game's title and the players."""

    def __init__(self, parts: dict[str, NewGamePart]) -> None:
        super().__init__()
        self.setTitle("New game")
        self.parts = parts
        form = QFormLayout(self)
        self.form = form
        self.family = QComboBox()
        for family in families.families():
            self.family.addItem(family.title, family.key)
        self.family.setAccessibleName("Rules family")
        self.family.setToolTip("A World at War's surrender rules, or a Europa-family game's Axis political rules")
        self.choices = QStackedWidget()
        for part in parts.values():
            self.choices.addWidget(part.choices())
        self.game_title = QLineEdit()
        self.game_title.setMaxLength(200)
        self.game_title.setPlaceholderText("e.g. Tuesday night campaign")
        self.game_title.setAccessibleName("Game title")
        self.axis = QLineEdit()
        self.axis.setAccessibleName("Axis player")
        self.axis.setMaxLength(200)
        self.allied = QLineEdit()
        self.allied.setAccessibleName("Allied player")
        self.allied.setMaxLength(200)
        form.addRow("Rules &family:", self.family)
        form.addRow(self.choices)
        form.addRow("Game &title:", self.game_title)
        form.addRow("&Axis player:", self.axis)
        form.addRow("A&llied player:", self.allied)
        self.refusals = RefusalLine.below(self, form, "New game: number not entered") \
            if self.findChildren(NumberBox) else None
        self.family.currentIndexChanged.connect(self.family_changed)
        for box in self.choices.findChildren(QComboBox):   # a family's choice may change what comes next
            box.currentIndexChanged.connect(self.refresh)
        for number in self.choices.findChildren(NumberBox):
            number.valueChanged.connect(self.refresh)
        self.family_changed()

    def family_key(self) -> str:
        return str(self.family.currentData())

    def part(self) -> NewGamePart:
        return self.parts[self.family_key()]

    def family_changed(self) -> None:
        """Show the chosen family's rows, and say what comes next."""
        self.choices.setCurrentIndex(self.family.currentIndex())
        own = self.choices.currentWidget()
        self.choices.setFixedHeight(own.sizeHint().height() if own is not None else 0)
        self.refresh()

    def refresh(self) -> None:
        words, next_text, creates = self.part().first_page_words()
        self.setSubTitle(words)
        self.setFinalPage(creates)
        wizard = self.wizard()
        if wizard is not None:
            wizard.setButtonText(QWizard.WizardButton.NextButton, next_text)
        self.completeChanged.emit()
        self.choose_default_button()

    def choose_default_button(self, *_args: object) -> None:
        """Enter presses Create game on a first page that can create the game (a Fall 1939 start), and "Campaign so
        far >" only where the game is created there (Qt makes Next the default whenever there is a next page)."""
        wizard = self.wizard()
        if wizard is None or wizard.currentPage() is not self:
            return
        creates = self.isFinalPage()
        finish, following = (wizard.button(QWizard.WizardButton.FinishButton),
                             wizard.button(QWizard.WizardButton.NextButton))
        if isinstance(finish, QPushButton) and isinstance(following, QPushButton):
            following.setDefault(not creates)
            finish.setDefault(creates)

    def initializePage(self) -> None:
        self.refresh()

    def validatePage(self) -> bool:
        """Next or Create game pressed as a number box refused a number stays here, so the message is read."""
        return self.refusals is None or not self.refusals.keeps_open()

    def nextId(self) -> int:
        wizard = self.wizard()
        return self.part().next_page(wizard) if wizard is not None else -1

    def players(self) -> dict[str, str]:
        return {"axis": self.axis.text().strip(), "allied": self.allied.text().strip()}


class NewSessionDialog(QWizard):
    """File > New game.  ``game()`` is the checked new game once the dialog is accepted."""

    GAME_PAGE = 0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        #: Each rules family's part of the dialog, by family key (``families.NewGamePart``).
        self.parts: dict[str, NewGamePart] = {found.key: found.new_game_part(self) for found in every_family()}
        self.game_page = GamePage(self.parts)
        self.setPage(self.GAME_PAGE, self.game_page)
        number = self.GAME_PAGE
        #: Family key -> the ids of its pages, in order.
        self.page_ids: dict[str, list[int]] = {}
        for key, part in self.parts.items():
            for page in part.pages():
                number += 1
                self.setPage(number, page)
                self.page_ids.setdefault(key, []).append(number)
        self.setButtonText(QWizard.WizardButton.FinishButton, "Create game")
        fit_wizard(self, 640, 520)   # every page inside the screen (its rows scroll); Tab follows each page
        self.currentIdChanged.connect(self.game_page.choose_default_button)
        self.game_page.refresh()
        self._game: Any = None

    def family_key(self) -> str:
        """The rules family of the new game (``core.family``)."""
        return self.game_page.family_key()

    def part(self, key: str | None = None) -> NewGamePart:
        """A family's part of the dialog (the chosen family's by default)."""
        return self.parts[key or self.family_key()]

    def game(self) -> Any:
        """The new game of the chosen family, once the dialog is accepted."""
        return self._game

    def accept(self) -> None:
        """Create game: the family makes and checks the game; a refusal is explained on the family's page."""
        if not self.validateCurrentPage():   # a number box on this page refused what was typed: say so first
            return
        self._game = self.part().create(self, self.game_page.game_title.text().strip(), self.game_page.players())
        if self._game is not None:
            super().accept()
