"""The Europa family's windows, as the shell asks for them (``ui.shell.families.WindowFamily``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from ...core.europa.state import EuropaGame
from ...core.lines import RulesInputError
from ..shell.families import GameWindow, NewGamePart, WindowFamily
from .new_game_page import EuropaGamePage

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWizard, QWizardPage

KEY = "europa"


class EuropaNewGame:
    """Europa's part of File > New game: nothing more on the first page, then its own page (the first turn in its
    calendar and the nations), where the game is created."""

    def __init__(self) -> None:
        self.page = EuropaGamePage()
        self.rows = QWidget()

    def choices(self) -> QWidget:
        return self.rows

    def pages(self) -> Sequence[QWizardPage]:
        return (self.page,)

    def first_page_words(self) -> tuple[str, str, bool]:
        return ("The game's title and the players; Next asks for the first turn in the family's calendar and what "
                "else it needs.", "Next >", False)

    def next_page(self, dialog: QWizard) -> int:
        return next((number for number in dialog.pageIds() if dialog.page(number) is self.page), -1)

    def create(self, dialog: QWizard, title: str, players: dict[str, str]) -> EuropaGame | None:
        if dialog.currentPage() is not self.page:
            dialog.next()
            return None
        try:
            return self.page.game(title, players)
        except RulesInputError as error:
            self.page.show_problem(error)
            return None


class EuropaWindows:
    key = KEY

    def new_window(self) -> GameWindow:
        from .window import EuropaWindow

        return EuropaWindow()

    def new_game_part(self, dialog: QWizard) -> NewGamePart:
        return EuropaNewGame()

    def screenshots(self, directory: Path, window: GameWindow | None) -> list[Path]:
        """Every tab of the window, with the game ``window`` shows (a Europa window's) or an example campaign."""
        from .screenshots import render_screenshots
        from .window import EuropaWindow

        game = window.game if isinstance(window, EuropaWindow) and window.holder is not None else None
        return render_screenshots(directory, game)


WINDOWS: WindowFamily = EuropaWindows()
