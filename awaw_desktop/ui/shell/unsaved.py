"""The one question before a game with changes is closed or replaced, and the unsaved mark in the title, for every
window (AWAW and Europa)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox, QWidget


def window_title(name: str, rest: str) -> str:
    """A game window's title: its name, Qt's unsaved mark, then ``rest``.  "[*]" is where Qt puts the mark, so one
    in the game's own name is doubled, which Qt shows as written (eleventh play-test: "Game [*] one" lost it)."""
    return f"{name.replace('[*]', '[*][*]')}[*] \u2014 {rest}"


def ask_unsaved(parent: QWidget, what: str = "This game") -> QMessageBox.StandardButton:
    """Save, Discard or Cancel; Save is the default (Enter never loses work)."""
    from PySide6.QtWidgets import QMessageBox

    return QMessageBox.question(
        parent, "Unsaved changes", f"{what} has changes that are not saved. Save them first?",
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)


def may_discard(clean: bool, ask: Callable[[], QMessageBox.StandardButton], save: Callable[[], bool]) -> bool:
    """True if the game may be closed or replaced: nothing unsaved, saved now, or the player discards it."""
    if clean:
        return True
    from PySide6.QtWidgets import QMessageBox

    answer = ask()
    if answer == QMessageBox.StandardButton.Save:
        return save()
    return answer == QMessageBox.StandardButton.Discard
