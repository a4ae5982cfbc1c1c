"""The one box for a number a player types.

Qt's own spin box drops a keystroke that would leave its range, so "99" typed into a box
that stops at 60 reads 9 and goes into the game unnoticed.  This box keeps every digit
while the player types; when they finish (Enter, Tab, clicking elsewhere, an arrow key) a
number outside the range is neither clamped nor kept: the box goes back to the number it
had before the typing began and ``refused`` says why, in the core's words
(core/lines.py ``_check_int``).  Arrow keys, the wheel and the step buttons work as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from PySide6 import QtCore
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QValidator
from PySide6.QtWidgets import QApplication, QLabel, QLayout, QSpinBox, QWidget

# ``QtCore.Qt`` is named only where used: loading it costs about 15 ms, which the first paint does without.

#: What a player may have in the box while typing: a whole number, or only its sign.
WHOLE_NUMBER = re.compile(r"[+-]?\d*")


def out_of_range(name: str, number: int, minimum: int, maximum: int) -> str:
    """The refusal, in the words the core uses for a number out of range."""
    return f"{name}: {number} is out of range; it must be between {minimum} and {maximum}"


def typed_number(text: str) -> int | None:
    """The whole number in what was typed ("-5", "+3", "007"), or None."""
    text = text.strip()
    return int(text) if re.fullmatch(r"[+-]?\d+", text) else None


def not_a_number(name: str, minimum: int, maximum: int) -> str:
    return f"{name}: no number typed; it must be a whole number between {minimum} and {maximum}"


class NumberBox(QSpinBox):
    """A whole number in a range, typed or stepped; a number outside the range is refused with a message."""

    #: The box refused what was typed and shows its earlier number again; the message names box, number and range.
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        self._name = name
        #: The number the box held before the player began typing: while they type, the box's value
        #: follows each keystroke that makes a number in range (the tables update as they type).
        self._settled = self.value()
        #: The player has typed since the box last settled.
        self._typing = False
        self.lineEdit().textEdited.connect(self._typed)
        #: The widget the player clicked while the box held a number it refused (see RefusalLine).
        self.refused_on_click_to: QWidget | None = None

    def name(self) -> str:
        """The box as the player knows it: the given name, else its accessible name."""
        return self._name or self.accessibleName() or "This number"

    def _number_text(self, text: str) -> str:
        body = text
        if self.prefix() and body.startswith(self.prefix()):
            body = body[len(self.prefix()):]
        if self.suffix() and body.endswith(self.suffix()):
            body = body[: len(body) - len(self.suffix())]
        return body.strip()

    def _shown(self, value: int) -> str:
        if value == self.minimum() and self.specialValueText():
            return self.specialValueText()
        return self.prefix() + self.textFromValue(value) + self.suffix()

    def validate(self, text: str, pos: int) -> object:  # type: ignore[override]
        """Any whole number may stand while the player types: nothing they type vanishes."""
        state, text, pos = super().validate(text, pos)
        if state == QValidator.State.Invalid and WHOLE_NUMBER.fullmatch(self._number_text(text)):
            state = QValidator.State.Intermediate
        return state, text, pos

    def _typed(self, _text: str) -> None:
        self._typing = True

    def setValue(self, value: int) -> None:
        """A number set by the program ends any typing in progress, unless it only echoes the number
        the player's keystrokes just made (a table shows back what it stored as they type)."""
        echo = self._typing and value == self.value()
        super().setValue(value)
        if not echo:
            self._typing = False
            self._settled = self.value()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (QtCore.Qt.Key.Key_Return, QtCore.Qt.Key.Key_Enter) and not self.settle():
            event.accept()   # a refused number does not also press the dialog's default button
            self.selectAll()
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        clicked = event.reason() == QtCore.Qt.FocusReason.MouseFocusReason
        self.settle(clicked_to=QApplication.focusWidget() if clicked else None)
        super().focusOutEvent(event)

    def stepBy(self, steps: int) -> None:
        if self.settle():
            super().stepBy(steps)
            self._typing, self._settled = False, self.value()

    def settle(self, clicked_to: QWidget | None = None) -> bool:
        """Finish what the player typed.  True if the box holds a number it takes; False if it
        refused the typed text, went back to its earlier number and emitted ``refused``."""
        text = self.lineEdit().text()
        number = typed_number(self._number_text(text))
        if text == self._shown(self.value()) or (number is not None and self.minimum() <= number <= self.maximum()):
            self.interpretText()
            self._typing, self._settled = False, self.value()
            return True
        before = max(self.minimum(), min(self.maximum(), self._settled))
        self.refused_on_click_to = clicked_to
        self._typing = False
        super().setValue(before)
        self.lineEdit().setText(self._shown(before))
        message = (out_of_range(self.name(), number, self.minimum(), self.maximum()) if number is not None
                   else not_a_number(self.name(), self.minimum(), self.maximum()))
        self.refused.emit(message)
        return False


class RefusalLine(QObject):
    """A dialog's or wizard page's message line for the numbers its boxes refused.

    The line shows "Not entered: ..." in the dialog.  When the refusal came from the very click
    meant to close the dialog (OK, Next), ``keeps_open`` holds it open once, so the player sees
    the message instead of the dialog closing on the earlier number."""

    def __init__(self, label: QLabel, boxes: Iterable[NumberBox] = (), owns_label: bool = False) -> None:
        super().__init__(label)
        self.label = label
        #: A label only this line writes is hidden when it has nothing to say; a shared one is only cleared.
        self.owns_label = owns_label
        self.boxes: list[NumberBox] = []
        self._held_for: QWidget | None = None
        for box in boxes:
            self.watch(box)

    def watch(self, box: NumberBox) -> NumberBox:
        self.boxes.append(box)
        box.refused.connect(self._refused)
        box.valueChanged.connect(self._changed)
        return box

    def _refused(self, message: str) -> None:
        box = self.sender()
        self._held_for = box.refused_on_click_to if isinstance(box, NumberBox) else None
        self.label.setText(f"Not entered: {message}")
        self.label.show()

    def _changed(self, _value: int) -> None:
        if self.label.text().startswith("Not entered: "):
            self.label.clear()
            if self.owns_label:
                self.label.hide()

    @classmethod
    def below(cls, parent: QWidget, layout: QLayout, name: str) -> RefusalLine:
        """A red message line added at the end of ``layout``, for every number box under ``parent``."""
        label = QLabel()
        label.setWordWrap(True)
        label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        label.setAccessibleName(name)
        label.setStyleSheet("color: #b00020;")
        label.hide()
        layout.addWidget(label)
        boxes = parent.findChildren(NumberBox)
        assert boxes, f"{name}: no number boxes under {parent!r} yet (add the line after them)"
        return cls(label, boxes, owns_label=True)

    def keeps_open(self) -> bool:
        """Call before closing or moving on: True if a box refused what was typed just now."""
        settled = all([box.settle() for box in self.boxes])
        held = self._held_for is not None and QApplication.focusWidget() is self._held_for
        self._held_for = None
        return not settled or held
