"""The Europa window's entry fields and their message line.

Numbers go through the shell's ``NumberBox`` (a number out of range, a fraction or nothing typed is refused and the
box goes back to its earlier number).  ``OptionalBox`` is a NumberBox with a "not entered" value below its range, for
what nobody has entered yet (a die, a rate): never shown as a number the players did not choose.  ``ResBox`` is the
same for RE figures in halves ("3 1/2"), read by ``core.europa.res``.

``MessageLine`` says why an entry was refused and keeps saying it until that entry is put right (a good entry typed in
the same field, or the field gone), whatever else happens meanwhile; other messages come after it."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import shiboken6
from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QFocusEvent, QValidator
from PySide6.QtWidgets import QLineEdit, QWidget

from ...core.europa.res import format_res, parse_res
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel, announce
from ..shell.number_box import WHOLE_NUMBER, NumberBox
from ..shell.theme import Tone, is_dark, tone_colours
from .messages import sentence

NOT_ENTERED = "Not entered: "
#: Typed text kept in view until the typing ends (longer is cut as Qt's box cuts it).
MAX_TYPED = 20


def named(widget: QWidget, name: str) -> QWidget:
    widget.setAccessibleName(name)
    return widget


class EntryBox(NumberBox):
    """The shell's number box that also says when a player's typing is finished, however it ends (Enter, Tab, a click
    elsewhere, an arrow key): ``finished`` gives True if the box took what was typed, False if it refused it."""

    finished = Signal(bool)

    def __init__(self, parent: QWidget | None = None, name: str = "") -> None:
        super().__init__(parent, name)
        if name:
            self.setAccessibleName(name)
        self._began = False
        self._fit_width()
        self.typingBegan.connect(self._begin)

    def _begin(self) -> None:
        self._began = True

    def _fit_width(self) -> None:
        self.setMaximumWidth(self.fontMetrics().horizontalAdvance("m") * 14)   # a number, not a line of text

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:   # View > Zoom
            self._fit_width()

    def typing(self) -> bool:
        """The player is typing into the box (what the game holds is not put over it)."""
        return self._began

    def show_number(self, value: int) -> None:
        """Show what the game holds, unless the player is typing."""
        if not self._began:
            self.blockSignals(True)
            self.setValue(value)
            self.blockSignals(False)

    def validate(self, text: str, pos: int) -> object:  # type: ignore[override]
        """What is typed stays in view, letters too ("1e3"): it is refused with a message when the typing ends,
        not cut to "13" keystroke by keystroke."""
        result = super().validate(text, pos)
        state, shown, cursor = result  # type: ignore[misc]
        body = self._number_text(shown)
        if state == QValidator.State.Invalid and body and len(body) <= MAX_TYPED and \
                body != self.specialValueText():
            return QValidator.State.Intermediate, shown, cursor
        return result

    def settle(self, clicked_to: QWidget | None = None) -> bool:
        self._last_text = self._number_text(self.lineEdit().text())
        took = super().settle(clicked_to)
        if self._began:
            self._began = False
            self.finished.emit(took)
        return took

    def words(self, message: str) -> str:
        """The box's refusal as the player reads it: letters typed are named, not "no number typed"."""
        typed = getattr(self, "_last_text", "")
        if typed and typed != self.specialValueText() and "no number typed" in message and \
                not WHOLE_NUMBER.fullmatch(typed):
            return message.replace("no number typed", f"{typed!r} is not a whole number")
        return message


class OptionalBox(EntryBox):
    """A whole number from ``low`` to ``high``, or not entered (shown as ``blank`` until a player enters one)."""

    def __init__(self, name: str, low: int, high: int, blank: str = "not entered", suffix: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent, name)
        self.setRange(low - 1, high)
        self.setSpecialValueText(blank)
        if suffix:
            self.setSuffix(suffix)
        self.setValue(low - 1)

    def entered(self) -> int | None:
        return None if self.value() == self.minimum() else self.value()

    def show_entered(self, value: int | None) -> None:
        """Show what the game holds (not while the player is typing over it)."""
        self.show_number(self.minimum() if value is None else value)

    def clear_entry(self) -> None:
        self.setValue(self.minimum())

    def words(self, message: str) -> str:
        """The box's refusal with the range a player may type (the "not entered" value is below it)."""
        message = super().words(message)
        return message.replace(f"between {self.minimum()} and", f"between {self.minimum() + 1} and")


class ResBox(QLineEdit):
    """REs in whole numbers and halves ("2", "1/2", "3 1/2", "3.5"); ``optional``: empty is "not entered".

    When the typing is finished (Enter, Tab, a click elsewhere) a figure the rules refuse is not taken: the box goes
    back to its earlier figure and ``refused`` says why; a good one is shown as the app writes it and ``entered``
    gives it (None for not entered)."""

    refused = Signal(str)
    entered = Signal(object)
    typingBegan = Signal()

    def __init__(self, name: str, optional: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.optional = optional
        self.setAccessibleName(name)
        self.setPlaceholderText("REs, like 2 or 3 1/2")
        self._value: Fraction | None = None
        self._typing = False
        self.textEdited.connect(self._began)
        self.returnPressed.connect(self.settle)

    def _began(self, _text: str) -> None:
        if not self._typing:
            self._typing = True
            self.typingBegan.emit()

    def value(self) -> Fraction | None:
        return self._value

    def show_value(self, value: Fraction | None) -> None:
        """Show what the game holds (not over what the player is typing)."""
        if self._typing:
            return
        self._value = value
        self.setText("" if value is None else format_res(value))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.settle()
        super().focusOutEvent(event)

    def settle(self) -> bool:
        """Finish the typing: True if the box holds a figure it takes (or nothing, where nothing is allowed)."""
        if not self._typing:
            return True
        self._typing = False
        text = self.text()
        if not text.strip() and self.optional:
            self._value = None
            self.entered.emit(None)
            return True
        try:
            value = parse_res(text, self.name)
        except RulesInputError as error:
            self.setText("" if self._value is None else format_res(self._value))
            self.refused.emit(str(error))
            return False
        self._value = value
        self.setText(format_res(value))
        self.entered.emit(value)
        return True


class MessageLine(LiveLabel):
    """Refusals of the fields it watches, each kept until its field takes a good entry, then the latest note."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setAccessibleName(name)
        self.setWordWrap(True)
        self._refusals: dict[int, str] = {}
        self._pending: set[int] = set()
        self._note = ""
        self._red = False

    def watch(self, field: QWidget) -> QWidget:
        key = id(field)
        field.destroyed.connect(lambda *_args, key=key: self._put_right(key))
        if isinstance(field, EntryBox):
            field.refused.connect(lambda message, key=key, words=field.words: self.refuse(key, words(message)))
            field.typingBegan.connect(lambda key=key: self._pending.add(key))
            field.finished.connect(lambda took, key=key: self._finished(key, took))
            field.valueChanged.connect(lambda _value, key=key: key not in self._pending and self._put_right(key))
        elif isinstance(field, ResBox):
            field.refused.connect(lambda message, key=key: self.refuse(key, message))
            field.entered.connect(lambda _value, key=key: self._put_right(key))
        return field

    def refuse(self, key: int, message: str) -> None:
        self._pending.discard(key)
        self._refusals[key] = sentence(message)
        self._note = ""
        self._show()

    def _finished(self, key: int, took: bool) -> None:
        self._pending.discard(key)
        if took:   # a good entry typed in the field: its refusal is put right
            self._put_right(key)

    def _put_right(self, key: int) -> None:
        if self._refusals.pop(key, None) is not None:
            self._show()

    def say(self, note: str) -> None:
        """The latest word on what was done (refusals still waiting stay before it)."""
        self._note = sentence(note)
        self._show()

    @property
    def refusals(self) -> tuple[str, ...]:
        return tuple(self._refusals.values())

    def _show(self) -> None:
        if not shiboken6.isValid(self):   # a field outlived the line while the window closed
            return
        lines = [f"{NOT_ENTERED}{message}" for message in self._refusals.values()]
        if self._note:
            lines.append(self._note)
        text = "\n".join(lines)
        if text and text != self.text():
            announce(self, lines[-1])   # a refusal or what was done, heard as it is shown (issue 29)
        self.setText(text)
        red = bool(self._refusals)
        if red != self._red:
            self._red = red
            colour = tone_colours(Tone.DANGER, is_dark(self.palette()))[1] if red else ""
            self.setStyleSheet(f"color: {colour};" if red else "")


def watch_number(box: EntryBox, changed: Callable[[int], None]) -> None:
    """A number box's entry: once when the typing is finished and taken (Enter, Tab, a click elsewhere), at once for an
    arrow step or the wheel."""
    typing: list[bool] = []

    def finished(took: bool) -> None:
        typing.clear()
        if took:
            changed(box.value())

    def stepped(value: int) -> None:
        if not typing:
            changed(value)

    box.typingBegan.connect(lambda: typing.append(True))
    box.valueChanged.connect(stepped)
    box.finished.connect(finished)
