"""A World at War's windows, as the shell asks for them (``ui.shell.families.WindowFamily``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..shell.families import GameWindow, NewGamePart, WindowFamily

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWizard


class AWorldAtWarWindows:
    key = "awaw"

    def new_window(self) -> GameWindow:
        from .main_window import MainWindow

        return MainWindow()

    def new_game_part(self, dialog: QWizard) -> NewGamePart:
        from .new_game_part import AwawNewGame

        return AwawNewGame()

    def screenshots(self, directory: Path, window: GameWindow | None) -> list[Path]:
        from .main_window import MainWindow
        from .screenshots import render_screenshots

        return render_screenshots(directory, window if isinstance(window, MainWindow) else None)


WINDOWS: WindowFamily = AWorldAtWarWindows()
