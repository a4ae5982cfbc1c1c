"""Ctrl+Z and Ctrl+Shift+Z from a Europa text field (issue 29): the game's Undo and Redo, as from a number box.

A ``QLineEdit`` takes the undo keys for its own text even when nothing was typed in it, so with the cursor in a
condition, a unit's name or an RE box the game's last step could not be undone from the keyboard (the window's other
keys, Ctrl+E and Ctrl+S, already reach it).  Here a field lets them through to the window unless the player is typing
in it: while its text differs from what it held when the cursor came in (or when the typing was last finished),
Ctrl+Z undoes that typing, as in any text box."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit, QWidget

#: The dynamic property holding a field's text when its typing last began or ended.
SETTLED = "awawSettledText"


class _GameUndoKeys(QObject):
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(watched, QLineEdit):
            return False
        if event.type() == QEvent.Type.FocusIn:
            watched.setProperty(SETTLED, watched.text())
        elif event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            takes = getattr(watched.window(), "takes_undo_keys", None)
            typing = watched.text() != watched.property(SETTLED)
            if callable(takes) and takes(event) and not typing:
                event.ignore()   # not overridden: the window's Undo or Redo action has the key
                return True
        return False


def pass_undo_keys(root: QWidget) -> None:
    """Every text field under ``root`` (once each) lets the game's Undo and Redo keys through when not typed in."""
    filters = root.window().findChildren(_GameUndoKeys)
    keys = filters[0] if filters else _GameUndoKeys(root.window())
    for field in root.findChildren(QLineEdit):
        if (field.property(SETTLED) is not None or isinstance(field.parentWidget(), QAbstractSpinBox)
                or field.echoMode() != QLineEdit.EchoMode.Normal):
            continue
        field.setProperty(SETTLED, field.text())
        field.installEventFilter(keys)
        field.editingFinished.connect(lambda field=field: field.setProperty(SETTLED, field.text()))
