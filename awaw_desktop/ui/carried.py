"""What carries over between turns, shown on each power's tab and adjustable by the players.

The end-of-turn check keeps these values; players who start using the app in the middle
of a campaign (or correct a mistake) set them here.  Every adjustment is one undo step.
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
    QSpinBox,
    QWidget,
)

from ..core.awaw import assess
from ..core.awaw.common import FIRST_YEAR, LAST_YEAR, Season, Turn
from ..core.session import Session
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
        "wang_additions": ("Wang factors added from defections", "61.31", "int", 0, 99),
    },
    "election": {
        "tension_europe": ("Post-election tension, Europe", "62.5", "optional-int", 0, 99),
        "tension_pacific": ("Post-election tension, Pacific", "62.5", "optional-int", 0, 99),
    },
}

NOT_YET = "not yet"


def turn_text(value: Any) -> str:
    if isinstance(value, dict) and "season" in value and "year" in value:
        return Turn(int(value["year"]), Season(value["season"])).title
    return NOT_YET


def humanize(key: str, value: Any) -> str:
    if value is None:
        return NOT_YET
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:+d}" if key.endswith("level") or key.endswith("total") else str(value)
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
        self.year = QSpinBox()
        self.year.setRange(FIRST_YEAR, LAST_YEAR)
        self.year.setValue(1941)
        self.year.setAccessibleName(f"{label}: year")
        for widget in (self.happened, self.season, self.year):
            layout.addWidget(widget)
        layout.addStretch(1)
        if isinstance(value, dict):
            self.happened.setChecked(True)
            self.season.setCurrentIndex(Season(value["season"]).index)
            self.year.setValue(int(value["year"]))
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
        self.number = QSpinBox()
        self.number.setRange(minimum, maximum)
        self.number.setAccessibleName(label)
        layout.addWidget(self.set)
        layout.addWidget(self.number)
        layout.addStretch(1)
        if isinstance(value, int) and not isinstance(value, bool):
            self.set.setChecked(True)
            self.number.setValue(value)
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
                spin = QSpinBox()
                spin.setRange(low, high)
                spin.setValue(int(value or 0))
                spin.setAccessibleName(label)
                editor = spin
            elif kind == "optional-int":
                editor = OptionalNumber(label, value, low, high)
            else:
                editor = TurnPicker(label, value)
            form.addRow(f"{label} ({rule}):", editor)
            self.editors[key] = editor
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                result[key] = editor.isChecked()
            elif isinstance(editor, (QSpinBox, OptionalNumber, TurnPicker)):
                result[key] = editor.value()
        return result


def apply_carried(store: SessionStore, power: str, values: dict[str, Any]) -> None:
    carry = store.session.effective_carry().get(power, {})
    changed = {key: value for key, value in values.items() if carry.get(key) != value}
    if not changed:
        return
    labels = EDITABLE.get(power, {})
    text = ", ".join(f"{labels[key][0]} {humanize(key, value)}" for key, value in changed.items())

    def mutate(session: Session) -> None:
        for key, value in changed.items():
            session.set_carry(power, key, value)

    store.change_session(f"{assess.title(power)}: {text}", mutate)


class CarriedPanel(QFrame):
    """A line on the tab with what carries over, and a button to adjust it."""

    def __init__(self, store: SessionStore, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store, self.power = store, power
        self.setObjectName(f"carried-{power}")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAccessibleName(f"{assess.title(power)} carried values")
        layout.addWidget(QLabel("<b>Carried from earlier turns:</b>"))
        layout.addWidget(self.text, 1)
        self.button = QPushButton("Adjust\u2026")
        self.button.setAccessibleName(f"Adjust {assess.title(power)} carried values")
        self.button.clicked.connect(self.adjust)
        layout.addWidget(self.button)
        store.resultsChanged.connect(self.refresh)
        self.refresh()

    def detach(self) -> None:
        self.store.resultsChanged.disconnect(self.refresh)

    def refresh(self) -> None:
        text = carried_summary(self.store.session, self.power)
        if self.text.text() != text:
            self.text.setText(text)

    def adjust(self) -> None:
        dialog = CarriedDialog(self.store.session, self.power, self)
        if dialog.exec():
            apply_carried(self.store, self.power, dialog.values())
