"""The one box for a number a player types.

Qt's own spin box drops a keystroke that would leave its range, so "99" typed into a box
that stops at 60 reads 9 and goes into the game unnoticed.  This box keeps every digit
while the player types; when they finish (Enter, Tab, clicking elsewhere, an arrow key) a
number outside the range is neither clamped nor kept: the box goes back to the number it
had before the typing began and ``refused`` says why, in the core's words
(core/lines.py ``_check_int``).  Arrow keys, the wheel and the step buttons work as before.

The typing is finished however the player leaves it: Enter, Tab (even where no focus event follows),
a click elsewhere, Next or OK (``RefusalLine.keeps_open``).  While the box shows a number it would
refuse, the game keeps the earlier number (not "99" of a typed "999").  Typing over
the whole number, or clearing it, begins again from the number the box showed then: "-3" typed,
then selected and deleted, goes back to -3.  Digits of other scripts (a pasted full-width "５") are
taken as the digits they are.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from PySide6 import QtCore
from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QKeySequence, QShowEvent, QValidator
from PySide6.QtWidgets import QApplication, QLabel, QLayout, QSpinBox, QWidget

from .excepthook import guard_handlers

# ``QtCore.Qt`` is named only where used: loading it costs about 15 ms, which the first paint does without.

#: What a player may have in the box while typing: a whole number, or only its sign.
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]*")
#: A number with a fraction ("1.5", "2,5"): kept in view while typed, then refused as not a whole number (Qt's box
#: dropped the point, so "1.5" went in as 15).
FRACTION = re.compile(r"[+-]?[0-9]*[.,][0-9]*")

#: Signs other keyboards and pastes give, read as the plain ones (the app shows "\u2212" itself).
OTHER_SIGNS = {"\u2212": "-", "\u2012": "-", "\u2013": "-", "\ufe63": "-", "\uff0d": "-",
               "\ufe62": "+", "\uff0b": "+", "\u3000": " "}


def plain_digits(text: str) -> str:
    """``text`` with digits of any script ("５", "٥") as 0-9 and other minus and plus signs as - and +."""
    out = []
    for char in text:
        digit = unicodedata.decimal(char, None) if not char.isascii() else None
        out.append(str(digit) if digit is not None else OTHER_SIGNS.get(char, char))
    return "".join(out)


def out_of_range(name: str, number: int, minimum: int, maximum: int) -> str:
    """The refusal, in the words the core uses for a number out of range."""
    return f"{name}: {number} is out of range; it must be between {minimum} and {maximum}"


#: More digits than any box's number has: beyond this a typed number is a ``LongNumber`` (Python's ``int()``
#: refuses more than 4,300 digits, and a mis-pasted 5,000-digit number ended the app).
MOST_DIGITS = 30


class LongNumber(int):
    """A typed number of more than ``MOST_DIGITS`` digits (a mis-paste): beyond every box's range on its side of
    zero, as a number of that length is, and shown by its first digits and its length, never converted whole."""

    shown: str

    def __new__(cls, sign: str, digits: str) -> LongNumber:
        number = super().__new__(cls, int(f"{sign}1{'0' * MOST_DIGITS}"))
        number.shown = f"{'-' if sign == '-' else ''}{digits[:12]}... (a number of {len(digits):,} digits)"
        return number

    def __str__(self) -> str:
        return self.shown

    __repr__ = __str__

    def __format__(self, _spec: str) -> str:
        return self.shown


def typed_number(text: str) -> int | None:
    """The whole number in what was typed ("-5", "+3", "007", "５"), or None; a ``LongNumber`` past
    ``MOST_DIGITS`` digits."""
    text = plain_digits(text).strip()
    if not re.fullmatch(r"[+-]?[0-9]+", text):
        return None
    sign = text[0] if text[0] in "+-" else ""
    digits = text[len(sign):].lstrip("0") or "0"
    return LongNumber(sign, digits) if len(digits) > MOST_DIGITS else int(sign + digits)


def not_whole(name: str, typed: str, minimum: int, maximum: int) -> str:
    return f"{name}: {typed} is not a whole number; it must be a whole number between {minimum} and {maximum}"


def not_a_number(name: str, minimum: int, maximum: int) -> str:
    return f"{name}: no number typed; it must be a whole number between {minimum} and {maximum}"


@guard_handlers   # no exception escapes into Qt from the box's handlers (a 5,000-digit paste ended the app)
class NumberBox(QSpinBox):
    """A whole number in a range, typed or stepped; a number outside the range is refused with a message."""

    #: The box refused what was typed and shows its earlier number again; the message names box, number and range.
    refused = Signal(str)
    #: The player began typing a number (emitted before the box's value follows the first keystroke).
    typingBegan = Signal()

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A family's box (``ui/europa/fields.EntryBox``) has its own handlers guarded too."""
        super().__init_subclass__(**kwargs)
        guard_handlers(cls)

    def __init__(self, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent)
        self._name = name
        #: The number the box held before the player began typing: while they type, the box's value
        #: follows each keystroke that makes a number in range (the tables update as they type).
        self._settled = self.value()
        #: The player has typed since the box last settled.
        self._typing = False
        self.lineEdit().textEdited.connect(self._typed)
        # Connected after the box's own reading of the text: the box has taken or left the number by then.
        self.lineEdit().textChanged.connect(self._hold_kept_number)
        self.lineEdit().installEventFilter(self)
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
        """Any whole number may stand while the player types: nothing they type vanishes.  Digits of
        other scripts become 0-9 in the box itself, so what it shows is what it takes."""
        state, text, pos = super().validate(plain_digits(text), pos)
        body = self._number_text(text)
        if state == QValidator.State.Invalid and (WHOLE_NUMBER.fullmatch(body) or FRACTION.fullmatch(body)):
            state = QValidator.State.Intermediate
        return state, text, pos

    def _typed(self, _text: str) -> None:
        if not self._typing:
            self._typing = True
            self.typingBegan.emit()

    def _taken_as_shown(self) -> bool:
        """The box shows the number it holds (not a number it would refuse, nor nothing)."""
        text = self.lineEdit().text()
        return text == self._shown(self.value()) or typed_number(self._number_text(text)) == self.value()

    def _types_over_everything(self, event: QKeyEvent) -> bool:
        """This key replaces or clears the whole number the box shows."""
        edit = self.lineEdit()
        body = self._number_text(edit.text())
        if not body or self._number_text(edit.selectedText()) != body:
            return False
        if event.matches(QKeySequence.StandardKey.Paste) or event.matches(QKeySequence.StandardKey.Cut):
            return True
        return bool(event.text().strip()) or event.key() in (QtCore.Qt.Key.Key_Delete, QtCore.Qt.Key.Key_Backspace)

    def setValue(self, value: int) -> None:
        """A number set by the program ends any typing in progress, unless it only echoes the number
        the player's keystrokes just made (a table shows back what it stored as they type)."""
        echo = self._typing and value == self.value()
        super().setValue(value)
        if not echo:
            self._typing = False
            self._settled = self.value()

    def event(self, event: QEvent) -> bool:
        """Ctrl+Z and the redo keys go to the window when it takes them (``takes_undo_keys``): in the main
        window they undo the game's last step wherever the cursor is, not this box's own text (which left the
        step in place, or undid another box's entry as a new step; ninth play-test).  In a dialog the box
        keeps its own text undo."""
        if self._window_takes(event):
            return True
        return super().event(event)

    def _window_takes(self, event: QEvent) -> bool:
        """True for a key the window takes: the box lets it through (not overridden).  Undo and redo as below;
        any other key of the window's (Ctrl+E, Ctrl+S, Ctrl+1 ... Ctrl+9) finishes the typing first, as Tab
        would, then goes to the window: a player ends the turn from the box he last typed in."""
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        takes = getattr(self.window(), "takes_undo_keys", None)
        if not callable(takes) or not takes(event):
            from .keys import is_window_key

            if not is_window_key(self.window(), event):
                return False
            self.settle()
            event.ignore()   # not overridden: the window's action has the key
            return True
        if self._typing and not self._takes_text():
            # The box shows a number it refuses ("999" where 60 is the most): the key drops that typing, as Tab
            # would, and nothing more (its keystrokes' step goes with it, not the entry before; tenth play-test).
            self.settle()
            event.accept()   # overridden: the key goes to the box, whose text history settling cleared
            return True
        event.ignore()   # not overridden: the window's Undo or Redo action has the key
        return True

    def _takes_text(self) -> bool:
        """The box would take what it shows (the number it holds, or a typed number in range)."""
        text = self.lineEdit().text()
        number = typed_number(self._number_text(text))
        return text == self._shown(self.value()) or (number is not None and self.minimum() <= number <= self.maximum())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (QtCore.Qt.Key.Key_Return, QtCore.Qt.Key.Key_Enter) and not self.settle():
            event.accept()   # a refused number does not also press the dialog's default button
            self.selectAll()
            return
        self._begin_again_if_typed_over(event)
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A key given to the line edit itself (not through the box) is looked at the same way."""
        if watched is self.lineEdit() and self._window_takes(event):
            return True
        if watched is self.lineEdit() and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            self._begin_again_if_typed_over(event)
        return super().eventFilter(watched, event)

    def _begin_again_if_typed_over(self, event: QKeyEvent) -> None:
        if self._types_over_everything(event) and self._taken_as_shown():
            # A new entry over the number on screen: a refusal goes back to that number, not to an older one.
            self._typing, self._settled = False, self.value()

    def focusNextPrevChild(self, forward: bool) -> bool:
        """Tab finishes the typing before the focus moves on (also where no focus event follows)."""
        self.settle()
        return super().focusNextPrevChild(forward)

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again (a wizard hides and shows its page whenever Next may change): Qt would put the
        box's number back over what the player is typing, with no message.  The typing stays."""
        edit = self.lineEdit()
        text, cursor = edit.text(), edit.cursorPosition()
        super().showEvent(event)
        if self._typing and edit.text() != text:
            self._show_typed(text, cursor)

    def _show_typed(self, text: str, cursor: int) -> None:
        with QSignalBlocker(edit := self.lineEdit()):
            edit.setText(text)
            edit.setCursorPosition(cursor)

    def _hold_kept_number(self, _text: str = "") -> None:
        """While the box shows what it would refuse ("999" where 99 is the most, or nothing), the game and
        the page keep the number from before the typing, not the last number a keystroke made ("99")."""
        if not self._typing:
            return
        edit = self.lineEdit()
        number = typed_number(self._number_text(edit.text()))
        kept = max(self.minimum(), min(self.maximum(), self._settled))
        if (number is not None and self.minimum() <= number <= self.maximum()) or self.value() == kept:
            return
        text, cursor = edit.text(), edit.cursorPosition()
        super().setValue(kept)
        self._show_typed(text, cursor)

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
        if self._takes_text():
            self.interpretText()
            self._typing, self._settled = False, self.value()
            return True
        before = max(self.minimum(), min(self.maximum(), self._settled))
        self.refused_on_click_to = clicked_to
        self._typing = False
        super().setValue(before)
        self.lineEdit().setText(self._shown(before))
        body = plain_digits(self._number_text(text))
        message = (out_of_range(self.name(), number, self.minimum(), self.maximum()) if number is not None
                   else not_whole(self.name(), body, self.minimum(), self.maximum()) if FRACTION.fullmatch(body)
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
