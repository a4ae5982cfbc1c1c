"""The Europa game held for the widgets: one object, one ``changed`` signal, every change undoable except
one that shows a card to a player (56.E.1): nobody can unsee a card."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ...core.europa.actions import cards_seen
from ...core.europa.state import EuropaGame


class _Step(QUndoCommand):
    def __init__(self, holder: EuropaGameHolder, label: str, before: EuropaGame, after: EuropaGame) -> None:
        super().__init__(label)
        self._holder, self._before, self._after = holder, before, after

    def redo(self) -> None:
        self._holder._set(self._after)

    def undo(self) -> None:
        self._holder._set(self._before)


def undo_stop_text(label: str) -> str:
    """What Edit menu and status bar say once a card was seen."""
    return f"Undo stops after \u201c{label}\u201d: a card once seen stays seen (56.E.1)"


class EuropaGameHolder(QObject):
    """Changes are pure core functions (``core.europa.actions``); the holder keeps the result."""

    changed = Signal()
    #: A step in which a player saw a card (its label): that step and every one before it left the undo history.
    undoStopped = Signal(str)

    def __init__(self, game: EuropaGame, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._game = game
        self.undo_stack = QUndoStack(self)
        #: The label of the last step that cannot be undone, or "".
        self.undo_stop = ""

    @property
    def game(self) -> EuropaGame:
        return self._game

    def _set(self, game: EuropaGame) -> None:
        self._game = game
        self.changed.emit()

    def apply(self, label: str, change: Callable[[EuropaGame], EuropaGame]) -> None:
        """Run ``change``; a RulesInputError leaves the game as it was and reaches the caller.

        A change in which a player sees a card (an envelope opened, a card shown) is final: undoing it, or
        any step before it, would bring back a sealed envelope that could be opened again on a later date
        (56.E.1), so the undo history is emptied up to it.  The game stays unsaved."""
        before = self._game
        after = change(before)
        if after == before:
            return
        self.undo_stack.push(_Step(self, label, before, after))
        if cards_seen(before, after):
            self.undo_stack.clear()
            self.undo_stack.resetClean()   # an emptied history counts as saved: this change is not
            self.undo_stop = label
            self.undoStopped.emit(label)
