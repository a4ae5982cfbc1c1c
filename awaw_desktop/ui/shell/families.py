"""The window half of a rules family: what the shell (the app's start, New game, Open, Open Recent, recovery,
screenshots) asks of a family's windows.  The core half is ``core.family.GameFamily``; both are registered in one
place, ``core.family.REGISTRY``, and each family's ``ui/<key>/family.py`` holds ``WINDOWS``, an object satisfying
:class:`WindowFamily`.  The shell imports a family's window module by name only, never its insides.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ...core import family

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget, QWizard, QWizardPage

    from ...core.files.recovery import RecoveryStore


class GameWindow(Protocol):
    """A family's main window, as the shell drives it (a ``QMainWindow``)."""

    #: The file the game came from or was last saved to (None: never saved).
    path: Path | None
    #: Where the window writes its recovery file after each change (None until the shell gives it one).
    recovery: RecoveryStore | None

    def set_game(self, game: Any, path: Path | None) -> None:
        """Show ``game`` (from the file at ``path``, or None), replacing what the window showed, unasked."""

    def keep_unsaved(self) -> None:
        """Mark the game shown as not saved to its file (a recovered game) and write its recovery file."""

    def after_file_opened(self, copy: Any, name: str) -> None:
        """Once a copy of a game is shown (by any door): what the family's File > Open says after it opens
        (``record_open.after_open``; ``copy``: what ``record_open.check_copy`` said before it was shown)."""

    def open_path(self, path: Path, as_example: bool = False, confirmed: bool = False) -> bool:
        """File > Open of ``path``: True if the window now shows it (a refusal is explained to the player)."""

    def restore_geometry(self) -> None:
        """Take the size, place and view choices the player left the window with."""


class NewGamePart(Protocol):
    """A family's part of File > New game: its rows on the first page (under the family's name, above the title
    and the players), the pages that follow, and making the game."""

    def choices(self) -> QWidget:
        """The family's rows on the first page (shown while the family is chosen)."""

    def pages(self) -> Sequence[QWizardPage]:
        """The family's pages after the first, in the order the players meet them."""

    def first_page_words(self) -> tuple[str, str, bool]:
        """For the first page now: (its subtitle, the Next button's text, whether Create game may be pressed
        there)."""

    def next_page(self, dialog: QWizard) -> int:
        """The id of the page Next goes to from the first page (-1: none)."""

    def create(self, dialog: QWizard, title: str, players: dict[str, str]) -> Any:
        """Create game: the checked new game, or None when it cannot be made yet (the part has said why on its
        page, and may have moved the dialog to the page that must be filled)."""


@runtime_checkable
class WindowFamily(Protocol):
    """One rules family's windows."""

    key: str

    def new_window(self) -> GameWindow:
        """A new, empty main window of the family (not shown)."""

    def new_game_part(self, dialog: QWizard) -> NewGamePart:
        """The family's part of a New game dialog (its pages are added to ``dialog`` by the shell)."""

    def screenshots(self, directory: Path, window: GameWindow | None) -> list[Path]:
        """``--screenshot-dir``: every screen of the family as PNG files in ``directory``."""


def windows(key: str) -> WindowFamily:
    """The window half of the family ``key`` (raises ``KeyError`` for a family this app does not know)."""
    if not family.known(key):
        raise KeyError(f"no rules family {key!r}")
    module = family.REGISTRY[key].window
    found = importlib.import_module(module).WINDOWS
    if not isinstance(found, WindowFamily) or found.key != key:
        raise TypeError(f"{module} does not hold the {key!r} family's windows")
    return found


def every_family() -> Sequence[WindowFamily]:
    return [windows(key) for key in family.all_keys()]
