"""What carries over between turns, shown on each power's tab and adjustable by the players.

The end-of-turn check keeps these values; players who start using the app in the middle
of a campaign (or correct a mistake) set them here.  Every adjustment is one undo step.
Each input is bounded by what the rules accept, and the adjusted values go through the
loader's own check (``sessionfile.check_carried``) before they are stored: a value the
rules refuse is shown as a problem in the dialog and never reaches the game.
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from ...core.awaw import assess
from ...core.awaw.china import WANG_COUNTER_MIX
from ...core.awaw.common import FIRST_YEAR, LAST_YEAR, Season, Turn
from ...core.awaw.session import Session
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel, caption_combo
from ..shell.number_box import NumberBox, RefusalLine
from ..shell.theme import points_text
from .store import SessionStore

#: (label, rule, kind, minimum, maximum) for each carried value players may adjust.
#: kind: "flag", "int", "optional-int" (not yet / a level), "optional-turn" (not yet / a turn).
EDITABLE: dict[str, dict[str, tuple[str, str, str, int, int]]] = {
    "germany": {
        "surrendered": ("Germany has surrendered", "55.11", "flag", 0, 0),
    },
    "italy": {
        "surrendered": ("Italy has surrendered", "56.11", "flag", 0, 0),
        "surrender_level": ("Italian surrender level", "56.31", "optional-int", -2, 2),
    },
    "japan": {
        "war_turn": ("Turn the war began (starts the cumulative clock)", "57.14A", "optional-turn", 0, 0),
        "cumulative_total": ("Cumulative modifiers so far", "57.14", "int", -99, 99),
        "max_island_groups": ("Most island groups Japan has held", "57.11", "int", 0, 40),
        "loss_remnant": ("Enemy-loss BRPs carried to next turn", "57.14B", "int", 0, 9999),
        "war_began_on_russia": ("Japan's first war was on a neutral Russia", "57.14A", "flag", 0, 0),
        "us_war_turn": ("Turn Japan and the U.S. went to war", "57.14A", "optional-turn", 0, 0),
        "surrendered": ("Japan has surrendered", "57.11", "flag", 0, 0),
    },
    "france": {
        "surrendered": ("France has surrendered", "58.11", "flag", 0, 0),
        "surrender_level": ("French surrender level", "58.22", "optional-int", -3, 3),
    },
    "britain": {
        "surrender_level": ("Most recent British surrender level", "59.41", "optional-int", -10, 0),
        "conciliation_points": ("Concession points returned or not taken", "59.75", "int", 0, 80),
        "usat_reduction": ("USAT reduction from conciliation", "59.75", "int", 0, 160),
        "surrendered": ("Britain has surrendered", "59.4", "flag", 0, 0),
    },
    "russia": {
        "lowest_removal_level": ("Lowest level that already removed units", "60.32", "optional-int", -30, -1),
    },
    "china": {
        "defections": ("Nationalist factors lost to defection", "61.31", "int", 0, 99),
        "wang_additions": ("Wang factors added from defections", "61.31C", "int", 0, WANG_COUNTER_MIX),
    },
    "election": {
        "tension_europe": ("Post-election tension, Europe", "62.5", "optional-int", 0, 99),
        "tension_pacific": ("Post-election tension, Pacific", "62.5", "optional-int", 0, 99),
    },
}

NOT_YET = "not yet"


def stored_turn(value: Any) -> Turn | None:
    """The turn a carried value holds, or None (not yet, or not a turn)."""
    if isinstance(value, dict) and isinstance(value.get("year"), int) and not isinstance(value["year"], bool):
        try:
            return Turn(value["year"], Season(value.get("season")))
        except (ValueError, RulesInputError):
            return None
    return None


def turn_text(value: Any) -> str:
    turn = stored_turn(value)
    return NOT_YET if turn is None else turn.title


def within(value: int, low: int, high: int) -> int:
    """A number shown in an input bounded by the rules (a file may hold one further out)."""
    return max(low, min(high, value))


def humanize(key: str, value: Any) -> str:
    if value is None:
        return NOT_YET
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return points_text(value) if key.endswith("level") or key.endswith("total") else str(value)
    if isinstance(value, dict) and "season" in value:
        return turn_text(value)
    if isinstance(value, list):
        return f"{len(value)} recorded" if value else "none"
    return str(value)


def carried_summary(session: Session, power: str) -> str:
    """A one-paragraph view of what carries over for a power (the known values first)."""
    carry = session.effective_carry().get(power, {})
    labels = EDITABLE.get(power, {})
    parts = []
    for key, (label, rule, _kind, _lo, _hi) in labels.items():
        if key in carry:
            parts.append(f"{escape(label)} ({rule}): <b>{escape(humanize(key, carry[key]))}</b>")
    if power == "britain" and carry.get("ceded"):   # what Germany took is Axis-held from then on (59.6)
        from ...core.awaw.britain_surrender.concessions import CONCESSION_TABLE

        names = {item.key: item.name for item in CONCESSION_TABLE}
        ceded = ", ".join(names.get(key, key) for key in carry["ceded"])
        parts.append(f"Ceded to the Axis (59.6): <b>{escape(ceded)}</b>")
    return " \u00b7 ".join(parts)


class TurnPicker(QWidget):
    """Not yet, or a season and a year."""

    def __init__(self, label: str, value: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.happened = QCheckBox("Has happened")
        self.happened.setAccessibleName(f"{label}: has happened")
        self.season = QComboBox()
        for season in Season:
            self.season.addItem(season.title, season)
        self.season.setAccessibleName(f"{label}: season")
        caption_combo(self.season, f"{label}: season", self)
        self.year = NumberBox()
        self.year.setRange(FIRST_YEAR, LAST_YEAR)
        self.year.setValue(1941)
        self.year.setAccessibleName(f"{label}: year")
        for widget in (self.happened, self.season, self.year):
            layout.addWidget(widget)
        layout.addStretch(1)
        turn = stored_turn(value)
        if turn is not None:
            self.happened.setChecked(True)
            self.season.setCurrentIndex(turn.season.index)
            self.year.setValue(turn.year)
        self.happened.toggled.connect(self._enable)
        self._enable(self.happened.isChecked())

    def _enable(self, on: bool) -> None:
        self.season.setEnabled(on)
        self.year.setEnabled(on)

    def value(self) -> dict[str, Any] | None:
        if not self.happened.isChecked():
            return None
        return Turn(self.year.value(), self.season.currentData()).to_json()


class OptionalNumber(QWidget):
    """Not yet, or a number."""

    def __init__(self, label: str, value: Any, minimum: int, maximum: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.set = QCheckBox("Set")
        self.set.setAccessibleName(f"{label}: set")
        self.number = NumberBox()
        self.number.setRange(minimum, maximum)
        self.number.setAccessibleName(label)
        layout.addWidget(self.set)
        layout.addWidget(self.number)
        layout.addStretch(1)
        if isinstance(value, int) and not isinstance(value, bool):
            self.set.setChecked(True)
            self.number.setValue(within(value, minimum, maximum))
        self.number.setEnabled(self.set.isChecked())
        self.set.toggled.connect(self.number.setEnabled)

    def value(self) -> int | None:
        return self.number.value() if self.set.isChecked() else None


class CarriedDialog(QDialog):
    """Adjust a power's carried values (one undo step)."""

    def __init__(self, session: Session, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.power = power
        self.setWindowTitle(f"{assess.title(power)}: values carried between turns")
        form = QFormLayout(self)
        note = QLabel("The end-of-turn check keeps these for you. Adjust them when you start using the app in "
                      "the middle of a game, or to correct a mistake.")
        note.setWordWrap(True)
        form.addRow(note)
        carry = session.effective_carry().get(power, {})
        self.editors: dict[str, QWidget] = {}
        if power == "japan":
            clock = QLabel("Japan's war clock (57.14A) is read from the wars on \u201cThe war\u201d tab: "
                           "change when each war began there.")
            clock.setWordWrap(True)
            form.addRow(clock)
        for key, (label, rule, kind, low, high) in EDITABLE.get(power, {}).items():
            if key not in carry or (power == "japan" and key in ("war_turn", "war_began_on_russia", "us_war_turn")):
                continue
            value = carry[key]
            editor: QWidget
            if kind == "flag":
                box = QCheckBox()
                box.setChecked(bool(value))
                box.setAccessibleName(label)
                editor = box
            elif kind == "int":
                spin = NumberBox()
                spin.setRange(low, high)
                spin.setValue(within(value if isinstance(value, int) and not isinstance(value, bool) else 0, low, high))
                spin.setAccessibleName(label)
                editor = spin
            elif kind == "optional-int":
                editor = OptionalNumber(label, value, low, high)
            else:
                editor = TurnPicker(label, value)
            form.addRow(f"{label} ({rule}):", editor)
            self.editors[key] = editor
        self.problem = LiveLabel()
        self.problem.setWordWrap(True)
        self.problem.setAccessibleName("Problem with these values")
        self.problem.setStyleSheet("color: #b00020;")
        self.problem.hide()
        form.addRow(self.problem)
        #: A number typed outside its range is refused in the problem line (and holds OK once if OK met it).
        self.refusals = RefusalLine(self.problem, self.findChildren(NumberBox))
        self.session = session
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        from ..shell.focus_order import make_readable

        make_readable(self)

    def accept(self) -> None:
        """Close only if the rules can use the values; otherwise say why and stay open."""
        if self.refusals.keeps_open():
            return
        problem = carried_problem(self.session, self.power, self.values())
        if problem is not None:
            self.problem.setText(f"These values cannot be used: {escape(problem)}")
            self.problem.show()
            return
        super().accept()

    def values(self) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                result[key] = editor.isChecked()
            elif isinstance(editor, (NumberBox, OptionalNumber, TurnPicker)):
                result[key] = editor.value()
        return result


def carried_problem(session: Session, power: str, values: dict[str, Any]) -> str | None:
    """Why the rules refuse ``values`` as a power's carried values, or None: the check the
    loader runs on every file, run on a copy of the game with the values in place."""
    from ...core.awaw.sessionfile import SessionFileError, check_carried  # pydantic: not before the first paint

    candidate = session.snapshot()
    for key, value in values.items():
        candidate.set_carry(power, key, value)
    try:
        check_carried(candidate)
    except SessionFileError as error:
        return str(error).removeprefix("the carried values cannot be used: ")
    return None


def apply_carried(store: SessionStore, power: str, values: dict[str, Any]) -> None:
    """Store adjusted carried values as one undo step; values the rules refuse raise
    :class:`SessionFileError` and change nothing."""
    carry = store.session.effective_carry().get(power, {})
    changed = {key: value for key, value in values.items() if carry.get(key) != value}
    if not changed:
        return
    problem = carried_problem(store.session, power, changed)
    if problem is not None:
        from ...core.awaw.sessionfile import SessionFileError

        raise SessionFileError(problem)
    labels = EDITABLE.get(power, {})
    text = ", ".join(f"{labels[key][0]} {humanize(key, value)}" for key, value in changed.items())

    def mutate(session: Session) -> None:
        for key, value in changed.items():
            session.set_carry(power, key, value)

    store.change_session(f"{assess.title(power)}: {text}", mutate, kind="adjusted")


class CarriedPanel(QFrame):
    """A line on the tab with what carries over, and a button to adjust it."""

    def __init__(self, store: SessionStore, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store, self.power = store, power
        self.setObjectName(f"carried-{power}")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        self.text = LiveLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAccessibleName(f"{assess.title(power)} carried values")
        layout.addWidget(QLabel("<b>Carried from earlier turns:</b>"))
        layout.addWidget(self.text, 1)
        self.button = QPushButton("Adjust\u2026")
        self.button.setAccessibleName(f"Adjust {assess.title(power)} carried values")
        self.button.clicked.connect(self.adjust)
        layout.addWidget(self.button)
        self.refresh()   # and after each change, by the power tab it sits on

    def refresh(self) -> None:
        text = carried_summary(self.store.session, self.power)
        if self.text.text() != text:
            self.text.setText(text)

    def adjust(self) -> None:
        dialog = CarriedDialog(self.store.session, self.power, self)
        if dialog.exec():
            apply_carried(self.store, self.power, dialog.values())
