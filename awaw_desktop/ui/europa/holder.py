"""The Europa game held for the widgets: one object, one ``changed`` signal, every change undoable except
one that shows a card to a player (56.E.1): nobody can unsee a card.

The game record (``core/record``) is the holder's, never undone: each change adds its entries the first time it is
done (``core.europa.game_record``), and undoing or redoing a recorded change is itself an entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ...core.europa import game_record
from ...core.europa.actions import cards_seen
from ...core.europa.state import EuropaGame
from ...core.frozen import replace

if TYPE_CHECKING:
    from ...core.record.chain import GameRecord


class _Step(QUndoCommand):
    def __init__(self, holder: EuropaGameHolder, label: str, before: EuropaGame, after: EuropaGame,
                 made: list[game_record.Made]) -> None:
        super().__init__(label)
        self._holder, self._before, self._after, self._made = holder, before, after, made
        self._done_once = False

    def redo(self) -> None:
        if not self._done_once:
            self._holder._set(self._after, self._made)
        else:
            self._holder._set(self._after, self._again("redone", "Redone"))
        self._done_once = True

    def undo(self) -> None:
        self._holder._set(self._before, self._again("undone", "Undone"))

    def _again(self, kind: str, word: str) -> list[game_record.Made]:
        return [(kind, f"{word}: {self.text()}", "", {}, "")] if self._made else []


def undo_stop_text(label: str) -> str:
    """What Edit menu and status bar say once a card was seen."""
    return f"Undo stops after \u201c{label}\u201d: a card once seen stays seen (56.E.1)"


class EuropaGameHolder(QObject):
    """Changes are pure core functions (``core.europa.actions``); the holder keeps the result."""

    changed = Signal()
    #: A step in which a player saw a card (its label): that step and every one before it left the undo history.
    undoStopped = Signal(str)
    #: The game record has a new entry.
    recordChanged = Signal()

    def __init__(self, game: EuropaGame, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._game = game
        self.undo_stack = QUndoStack(self)
        #: The label of the last step that cannot be undone, or "".
        self.undo_stop = ""

    @property
    def game(self) -> EuropaGame:
        return self._game

    def _set(self, game: EuropaGame, made: list[game_record.Made]) -> None:
        """Show ``game`` with the record as it stands, plus ``made`` (the record is never taken back)."""
        record = game_record.record_step(game, self._game.record, made) if made else self._game.record
        self._game = replace(game, record=record)
        self.changed.emit()
        if made:
            self.recordChanged.emit()

    def add_to_record(self, kind: str, words: str, data: dict[str, Any] | None = None) -> None:
        """An entry of its own (going on from an older copy): not an undo step, as every entry."""
        self._set(self._game, [(kind, words, "", data or {}, "")])

    def replace_record(self, record: GameRecord) -> None:
        """The record with entries made outside an undo step (a side's keys taken, ``ui.shell.player_keys``): never
        undone, as every entry; the game is then changed (unsaved) until saved."""
        if record is self._game.record:
            return
        self._game = replace(self._game, record=record)
        self.undo_stack.resetClean()
        self.changed.emit()
        self.recordChanged.emit()

    def apply(self, label: str, change: Callable[[EuropaGame], EuropaGame]) -> None:
        """Run ``change``; a RulesInputError leaves the game as it was and reaches the caller.

        A change in which a player sees a card (an envelope opened, a card shown) is final: undoing it, or
        any step before it, would bring back a sealed envelope that could be opened again on a later date
        (56.E.1), so the undo history is emptied up to it.  The game stays unsaved.  (Reopening an older copy
        of the file is named by this computer's memory of the game's record: ``ui.shell.record_open``.)"""
        before = self._game
        after = change(before)
        if after == before:
            return
        made = game_record.step_entries(before, after, label)
        self.undo_stack.push(_Step(self, label, before, after, made))
        if cards_seen(before, after):
            self.undo_stack.clear()
            self.undo_stack.resetClean()   # an emptied history counts as saved: this change is not
            self.undo_stop = label
            self.undoStopped.emit(label)
