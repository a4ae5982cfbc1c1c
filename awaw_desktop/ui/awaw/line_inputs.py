"""Input widgets for one table line, chosen by the line's value kind.

Widget -> store on user signals; store -> widget through ``show_value`` under a
``QSignalBlocker``, so loading or undoing never writes back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QWidget

from ...core.awaw.common import FIRST_YEAR, LAST_YEAR, Season, Turn
from ...core.lines import Choice, Count, Group, Level, Line, RulesInputError
from ..shell.accessible import LiveLabel, caption_combo, set_tip
from ..shell.number_box import NumberBox
from .store import SessionStore


def tooltip(line: Line) -> str:
    parts = [f"<b>{line.label}</b> (rule {line.rule})"]
    if line.help:
        parts.append(line.help)
    if line.reading:
        parts.append(f"<i>How we read this rule:</i> {line.reading}")
    return "<p>" + "</p><p>".join(parts) + "</p>"


class LineInput(QWidget):
    """Base: one line's input.  ``title_in_widget`` says whether the widget shows the label itself."""

    title_in_widget = False

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store, self.power, self.line = store, power, line
        set_tip(self, tooltip(line))

    def show_value(self, value: Any) -> None:
        raise NotImplementedError

    def write(self, value: Any) -> None:
        """Widget -> store.  A value the rules refuse is not stored: the widget shows the stored
        value again and the window says why."""
        try:
            self.store.set_value(self.power, self.line.id, value)
        except RulesInputError as error:
            self.show_value(self.store.value(self.power, self.line.id))
            refused = getattr(self.store, "inputRefused", None)
            if refused is not None:
                refused.emit(str(error))

    #: Where the undo stack stood when the player began typing into one of this line's number boxes.
    _typing_from: int | None = None

    def typing_began(self) -> None:
        """A new entry begins: the step of an earlier entry in this line stays a step of its own."""
        stack = getattr(self.store, "undo_stack", None)
        self._typing_from = stack.index() if stack is not None else None
        top = stack.command(stack.index() - 1) if stack is not None and stack.index() > 0 else None
        if top is not None and getattr(top, "line_id", None) == self.line.id \
                and getattr(top, "power", None) == self.power:
            top.typing_closed = True

    def number_refused(self, message: str) -> None:
        """A number box refused a typed number and went back to its earlier one: say so in the
        window, and leave no undo step behind for the keystrokes that came to nothing.  Only a step
        the typing itself began is taken back: an entry made before it ("-3", then Tab) stays."""
        stack = getattr(self.store, "undo_stack", None)
        top = stack.command(stack.index() - 1) if stack is not None and stack.index() > 0 else None
        if (top is not None and stack.index() == stack.count() and self._typing_from is not None
                and stack.index() == self._typing_from + 1 and getattr(top, "line_id", None) == self.line.id
                and getattr(top, "power", None) == self.power and top.old == top.new):
            top.dropped_when_undone = True   # and leaves no redo step behind
            stack.undo()   # gives back exactly what was there before the typing (even "never entered")
        self._typing_from = None
        refused = getattr(self.store, "inputRefused", None)
        if refused is not None:
            refused.emit(message)

    def watch_typing(self, box: NumberBox) -> None:
        box.typingBegan.connect(self.typing_began)
        box.refused.connect(self.number_refused)
        box.lineEdit().textEdited.connect(lambda text, box=box: self._typed_as_shown(box, text))

    def current(self) -> Any:
        """The value the widget shows now (None: nothing to take)."""
        return None

    def _typed_as_shown(self, box: NumberBox, text: str) -> None:
        """A number typed into a line nobody had entered is entered, even the 0 the box already showed (the box
        does not change, so it says nothing): a value the tables need is not entered until a player says it
        (core.awaw.unentered)."""
        from ..shell.number_box import typed_number

        session = getattr(self.store, "session", None)
        value = self.current()
        if session is None or value is None or session.is_entered(self.power, self.line.id):
            return
        if typed_number(text.strip()) == box.value():   # (these boxes show no prefix or suffix)
            self.write(value)


class FlagInput(LineInput):
    title_in_widget = True

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(store, power, line, parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.box = QCheckBox(line.label)
        self.box.setAccessibleName(line.label)
        set_tip(self.box, tooltip(line))
        layout.addWidget(self.box)
        layout.addStretch(1)
        self.setFocusProxy(self.box)
        self.box.toggled.connect(self._toggled)

    def _toggled(self, checked: bool) -> None:
        self.write(bool(checked))

    def show_value(self, value: Any) -> None:
        with QSignalBlocker(self.box):
            self.box.setChecked(bool(value))


class NumberInput(LineInput):
    """A count (0..max) or a signed level (min..max)."""

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(store, power, line, parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.spin = NumberBox()
        minimum = line.minimum if isinstance(line, (Level, Count)) else 0
        maximum = line.maximum if isinstance(line, (Level, Count)) else 99
        self.spin.setRange(minimum, maximum)
        self.spin.setAccessibleName(line.label)
        set_tip(self.spin, tooltip(line))
        self.spin.setKeyboardTracking(True)
        self.spin.setMinimumWidth(70)
        if isinstance(line, Level):
            self.spin.setSpecialValueText("")
        layout.addWidget(self.spin)
        unit = getattr(line, "unit", "")
        if unit:
            layout.addWidget(QLabel(unit))
        layout.addStretch(1)
        self.setFocusProxy(self.spin)
        self.spin.valueChanged.connect(self._changed)
        self.watch_typing(self.spin)

    def _changed(self, value: int) -> None:
        self.write(int(value))

    def current(self) -> Any:
        return int(self.spin.value())

    def show_value(self, value: Any) -> None:
        with QSignalBlocker(self.spin):
            self.spin.setValue(int(value))


class ChoiceInput(LineInput):
    """A set of checkboxes, one per place or thing."""

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(store, power, line, parent)
        assert isinstance(line, Choice)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setHorizontalSpacing(12)
        self.boxes: dict[str, QCheckBox] = {}
        columns = 4 if len(line.options) > 6 else max(1, min(4, len(line.options)))
        for index, option in enumerate(line.options):
            box = QCheckBox(option.label)
            box.setAccessibleName(f"{line.label}: {option.label}")
            set_tip(box, tooltip(line))
            box.toggled.connect(self._toggled)
            layout.addWidget(box, index // columns, index % columns)
            self.boxes[option.key] = box
        layout.setColumnStretch(columns, 1)
        if self.boxes:
            self.setFocusProxy(next(iter(self.boxes.values())))

    def _toggled(self, _checked: bool) -> None:
        self.write([key for key, box in self.boxes.items() if box.isChecked()])

    def show_value(self, value: Any) -> None:
        chosen = set(value or ())
        for key, box in self.boxes.items():
            with QSignalBlocker(box):
                box.setChecked(key in chosen)


#: Field names longer than this (characters) wrap onto two lines.
WRAP_FIELD_NAMES_OVER = 40


class GroupInput(LineInput):
    """Several numbers for one line (naval factors per side, island groups full and partial).

    A field that is only 0 or 1 ("Japan holds Vladivostok") is a tick box, not a number to type."""

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(store, power, line, parent)
        assert isinstance(line, Group)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.spins: dict[str, NumberBox] = {}
        self.boxes: dict[str, QCheckBox] = {}
        columns = 2 if len(line.fields) > 2 else len(line.fields)
        for index, spec in enumerate(line.fields):
            row, column = divmod(index, max(columns, 1))
            if (spec.minimum, spec.maximum) == (0, 1):
                box = QCheckBox(spec.label)
                box.setAccessibleName(f"{line.label}: {spec.label}")
                set_tip(box, spec.help or tooltip(line))
                box.toggled.connect(self._changed)
                layout.addWidget(box, row, column * 2, 1, 2)
                self.boxes[spec.key] = box
                continue
            # A field named as its line (a group of one: "Wang infantry factors in China") is not named twice.
            same = spec.label == line.label
            caption = QLabel("" if same else spec.label)
            # A long field name wraps (China's defection limits): the table fits a 1280-1366 px laptop screen.
            caption.setWordWrap(len(spec.label) > WRAP_FIELD_NAMES_OVER)
            spin = NumberBox()
            spin.setRange(spec.minimum, spec.maximum)
            spin.setAccessibleName(line.label if same else f"{line.label}: {spec.label}")
            set_tip(spin, spec.help or tooltip(line))
            spin.setMinimumWidth(70)
            caption.setBuddy(spin)
            spin.valueChanged.connect(self._changed)
            self.watch_typing(spin)
            layout.addWidget(caption, row, column * 2)
            layout.addWidget(spin, row, column * 2 + 1)
            self.spins[spec.key] = spin
        layout.setColumnStretch(columns * 2, 1)
        inputs: list[QWidget] = [*self.spins.values(), *self.boxes.values()]
        if inputs:
            self.setFocusProxy(inputs[0])

    def _changed(self, *_args: object) -> None:
        self.write(self.current())

    def current(self) -> Any:
        values = {key: spin.value() for key, spin in self.spins.items()}
        values.update({key: int(box.isChecked()) for key, box in self.boxes.items()})
        return values

    def show_value(self, value: Any) -> None:
        for key, spin in self.spins.items():
            with QSignalBlocker(spin):
                spin.setValue(int((value or {}).get(key, spin.minimum())))
        for key, box in self.boxes.items():
            with QSignalBlocker(box):
                box.setChecked(bool((value or {}).get(key, 0)))


def stored_turn(value: dict[str, Any]) -> Turn:
    """The game turn a turn group line stores as {"year": a year, "season": 1-4}."""
    return Turn(int(value["year"]), list(Season)[max(0, min(3, int(value.get("season", 1)) - 1))])


class TurnGroupInput(LineInput):
    """A group line holding a game turn as {"year": 0 or a year, "season": 1-4}: shown as
    "has happened" plus a season and a year, so nobody types season numbers.

    Ticking "has happened" records the game's current turn (58.21E: the turn Germany first holds a
    hex in France); the player may then pick another turn, from the game's first turn up to the
    current one.  A turn outside that span is refused with a message and nothing is stored."""

    SEASONS = ("Spring", "Summer", "Fall", "Winter")

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(store, power, line, parent)
        assert isinstance(line, Group)
        specs = {spec.key: spec for spec in line.fields}
        self._year_limits = (max(specs["year"].minimum, FIRST_YEAR), min(specs["year"].maximum, LAST_YEAR))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.happened = QCheckBox("Has happened")
        self.happened.setAccessibleName(f"{line.label}: has happened")
        self.season = QComboBox()
        self.season.addItems(list(self.SEASONS))
        self.season.setAccessibleName(f"{line.label}: season")
        self.year = NumberBox()
        self.year.setAccessibleName(f"{line.label}: year")
        for widget in (self.happened, self.season, self.year):
            set_tip(widget, tooltip(line))
            layout.addWidget(widget)
        caption_combo(self.season, f"{line.label}: season", self)
        layout.addStretch(1)
        self.setFocusProxy(self.happened)
        self._show_turn(self._game_turns()[1])
        self.happened.toggled.connect(self._ticked)
        self.season.currentIndexChanged.connect(self._changed)
        self.year.valueChanged.connect(self._changed)
        self.watch_typing(self.year)

    def _game_turns(self) -> tuple[Turn, Turn]:
        """The game's first turn and its current turn, read when needed (the tab outlives a turn).
        The wizards hand a store of answers that names them itself."""
        session = getattr(self.store, "session", None)
        source = session if session is not None else self.store
        current = getattr(source, "turn", None)
        first = getattr(source, "start_turn", None)
        if not isinstance(current, Turn):
            current = Turn(LAST_YEAR, Season.WINTER)
        if not isinstance(first, Turn) or first > current:
            first = Turn(FIRST_YEAR, Season.SPRING)
        return first, current

    def _show_turn(self, turn: Turn) -> None:
        """Show ``turn`` in the season and year boxes (signals blocked), the year limited to the game."""
        first, current = self._game_turns()
        with QSignalBlocker(self.season), QSignalBlocker(self.year):
            low, high = min(first.year, turn.year), max(current.year, turn.year)   # a loaded turn stays shown
            self.year.setRange(max(self._year_limits[0], low), min(self._year_limits[1], high))
            self.year.setValue(turn.year)
            self.season.setCurrentIndex(turn.season.index)

    def _recorded_turn(self) -> Turn | None:
        """The turn the game has recorded for the line (France's first German hex, once an end of turn or the
        surrender recorded it: ``prefill``), shown in the empty boxes in place of the current turn; otherwise the
        boxes read one turn and the line's note another (eleventh play-test)."""
        session = getattr(self.store, "session", None)
        if session is None:
            return None
        from ...core.awaw import assess

        prefill = getattr(assess.power_module(self.power), "prefill", None)
        value = prefill(session.game_context()).get(self.line.id) if prefill is not None else None
        if not isinstance(value, dict) or int(value.get("year", 0)) <= 0:
            return None
        return stored_turn(value)

    def _ticked(self, checked: bool) -> None:
        if checked:
            self._show_turn(self._game_turns()[1])   # 58.21E: it happened now, unless the player picks a turn
        self._changed()

    def _changed(self, *_args: object) -> None:
        on = self.happened.isChecked()
        self.season.setEnabled(on)
        self.year.setEnabled(on)
        if on:
            picked = Turn(self.year.value(), list(Season)[self.season.currentIndex()])
            first, current = self._game_turns()
            problem = ("before the game's first turn, " + first.title if picked < first else
                       "after the current turn, " + current.title if picked > current else "")
            if problem:
                self._refuse(f"{self.line.label}: {picked.title} is {problem} (rule {self.line.rule}).")
                return
        self.write({"year": self.year.value() if on else 0, "season": self.season.currentIndex() + 1})

    def _refuse(self, message: str) -> None:
        self.show_value(self.store.value(self.power, self.line.id))
        refused = getattr(self.store, "inputRefused", None)
        if refused is not None:
            refused.emit(message)

    def show_value(self, value: Any) -> None:
        value = value or {}
        year = int(value.get("year", 0))
        with QSignalBlocker(self.happened):
            self.happened.setChecked(year > 0)
        if year > 0:
            self._show_turn(stored_turn(value))
        else:
            self._show_turn(self._recorded_turn() or self._game_turns()[1])
        self.season.setEnabled(year > 0)
        self.year.setEnabled(year > 0)


def is_turn_group(line: Line) -> bool:
    return isinstance(line, Group) and {spec.key for spec in line.fields} == {"year", "season"}


class DerivedInput(LineInput):
    """Nothing to enter: the value comes from another tab or from earlier turns."""

    title_in_widget = False

    def __init__(self, store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> None:
        super().__init__(store, power, line, parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.text = LiveLabel()
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setAccessibleName(line.label)
        layout.addWidget(self.text)
        layout.addStretch(1)

    def show_value(self, value: Any) -> None:
        pass

    def show_note(self, note: str) -> None:
        self.text.setText(note or "from another tab")


INPUTS: dict[str, type[LineInput]] = {
    "flag": FlagInput,
    "count": NumberInput,
    "level": NumberInput,
    "choice": ChoiceInput,
    "group": GroupInput,
    "derived": DerivedInput,
}


def make_input(store: SessionStore, power: str, line: Line, parent: QWidget | None = None) -> LineInput:
    if is_turn_group(line):
        return TurnGroupInput(store, power, line, parent)
    return INPUTS[line.input_kind](store, power, line, parent)
