"""Menu actions' keys, given once the window is painted.

The first ``QKeySequence`` made loads Qt's whole ``Qt`` namespace (93 enums, about 15 ms), which the first paint
does not need: actions name their keys as text here, and ``MainWindow.install_shortcuts`` gives them after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QKeyEvent
    from PySide6.QtWidgets import QWidget

#: An action's keys: one key sequence ("Ctrl+S"), several (("Ctrl+Shift+Z", "Ctrl+Y")), or the platform's own
#: keys for a standard action (``standard("Save")``: every binding Qt knows for it on this platform).
Keys = str | tuple[str, ...]

_STANDARD = "standard:"


def standard(name: str) -> str:
    """The platform's keys for a standard action, by its ``QKeySequence.StandardKey`` name ("Save", "Undo")."""
    return _STANDARD + name


def install_keys(action: QAction, keys: Keys) -> None:
    from PySide6.QtGui import QKeySequence

    sequences: list[QKeySequence] = []
    for key in (keys,) if isinstance(keys, str) else keys:
        if key.startswith(_STANDARD):
            sequences.extend(QKeySequence.keyBindings(getattr(QKeySequence.StandardKey, key[len(_STANDARD):])))
        else:
            sequences.append(QKeySequence(key))
    action.setShortcuts(sequences)


def is_key_of(event: QKeyEvent, actions: tuple[QAction, ...]) -> bool:
    """True if the key pressed is one of the actions' keys (a number box lets Undo and Redo have theirs)."""
    from PySide6.QtGui import QKeySequence

    pressed = QKeySequence(event.keyCombination())
    return any(pressed.matches(sequence) == QKeySequence.SequenceMatch.ExactMatch
               for action in actions for sequence in action.shortcuts())


def _editing_key(event: QKeyEvent) -> bool:
    """A key a text box needs for its own text (copy, paste, select all, word moves): never the window's."""
    from PySide6.QtGui import QKeySequence

    keys = QKeySequence.StandardKey
    return any(event.matches(key) for key in (
        keys.Copy, keys.Cut, keys.Paste, keys.SelectAll, keys.Delete, keys.MoveToNextWord, keys.MoveToPreviousWord,
        keys.SelectNextWord, keys.SelectPreviousWord, keys.DeleteStartOfWord, keys.DeleteEndOfWord))


def is_window_key(window: QWidget, event: QKeyEvent) -> bool:
    """True if the key pressed is one of the window's own keys (its menus' actions, Ctrl+1 ... Ctrl+9): a number
    box lets it through to the window, so Ctrl+E ends the turn and Ctrl+S saves with the cursor in a box, as Ctrl+Z
    undoes there.  Only keys held with Ctrl, Alt or Meta, or function keys, are looked at: typing is the box's."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction, QKeySequence, QShortcut

    modifiers = event.modifiers()
    held = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
    if not (modifiers & held) and not Qt.Key.Key_F1 <= event.key() <= Qt.Key.Key_F35:
        return False
    if _editing_key(event):
        return False
    own = Qt.FindChildOption.FindDirectChildrenOnly
    actions = {*window.actions(), *window.findChildren(QAction, "", own)}
    if is_key_of(event, tuple(action for action in actions if action.isEnabled())):
        return True
    pressed = QKeySequence(event.keyCombination())
    return any(pressed.matches(sequence) == QKeySequence.SequenceMatch.ExactMatch
               for shortcut in window.findChildren(QShortcut, "", own) if shortcut.isEnabled()
               for sequence in shortcut.keys())  # noqa: SIM118 (a QShortcut, not a dict)
