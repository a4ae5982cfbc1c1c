"""The Europa game held for the widgets: one object, one ``changed`` signal, every change undoable."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ...core.europa.state import EuropaGame


class _Step(QUndoCommand):
    def __init__(self, holder: EuropaGameHolder, label: str, before: EuropaGame, after: EuropaGame) -> None:
        super().__init__(label)
        self._holder, self._before, self._after = holder, before, after

    def redo(self) -> None:
        self._holder._set(self._after)

    def undo(self) -> None:
        self._holder._set(self._before)


class EuropaGameHolder(QObject):
    """Changes are pure core functions (``core.europa.actions``); the holder keeps the result."""

    changed = Signal()

    def __init__(self, game: EuropaGame, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._game = game
        self.undo_stack = QUndoStack(self)

    @property
    def game(self) -> EuropaGame:
        return self._game

    def _set(self, game: EuropaGame) -> None:
        self._game = game
        self.changed.emit()

    def apply(self, label: str, change: Callable[[EuropaGame], EuropaGame]) -> None:
        """Run ``change``; a RulesInputError leaves the game as it was and reaches the caller."""
        after = change(self._game)
        if after != self._game:
            self.undo_stack.push(_Step(self, label, self._game, after))
