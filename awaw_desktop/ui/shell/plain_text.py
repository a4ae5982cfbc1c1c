"""Text from a file shown as text (issue 35.6): a QLabel or QMessageBox left to guess (``Qt.AutoText``) shows rich
text as soon as its words look like markup, and an entry whose turn holds ``<!--`` then hid every word after it,
the warning about a forged entry among them.  Whatever shows a file's words (entry summaries, turns, titles, player
names, warnings that quote them) goes through here; list and table items never guess (they show plain text)."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

Shown = TypeVar("Shown", bound=QLabel | QMessageBox)


def plain(widget: Shown) -> Shown:
    """``widget`` showing its text (and a message box its informative text too) as written."""
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    return plain(QLabel(text, parent))


def message_box(icon: QMessageBox.Icon, title: str, text: str, parent: QWidget | None,
                buttons: QMessageBox.StandardButton = QMessageBox.StandardButton.Ok,
                informative: str = "") -> QMessageBox:
    """A message box whose words are shown as written, named for screen readers by its title."""
    box = QMessageBox(icon, title, "", buttons, parent)
    plain(box)
    box.setText(text)
    if informative:
        box.setInformativeText(informative)
    box.setAccessibleName(title)
    return box


def warn(parent: QWidget | None, title: str, text: str) -> QMessageBox:
    """``QMessageBox.warning`` with its words as written, shown without waiting (what called it goes on)."""
    box = message_box(QMessageBox.Icon.Warning, title, text, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


def ask(parent: QWidget | None, title: str, text: str, buttons: QMessageBox.StandardButton,
        default: QMessageBox.StandardButton) -> QMessageBox.StandardButton:
    """``QMessageBox.question`` with its words as written: the button chosen."""
    box = message_box(QMessageBox.Icon.Question, title, text, parent, buttons)
    box.setDefaultButton(default)
    answer = QMessageBox.StandardButton(box.exec())
    box.deleteLater()
    return answer
