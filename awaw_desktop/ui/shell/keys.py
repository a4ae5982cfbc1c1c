"""Menu actions' keys, given once the window is painted.

The first ``QKeySequence`` made loads Qt's whole ``Qt`` namespace (93 enums, about 15 ms), which the first paint
does not need: actions name their keys as text here, and ``MainWindow.install_shortcuts`` gives them after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QKeyEvent

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
