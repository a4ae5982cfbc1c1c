"""One row of the roster table (56.E): a unit's name, REs, force, place, the modifiers' marks and its MDs, each edited
in place, with the REs it counts and why.  The last row of the table is a new unit, entered the same way; nothing in
it is chosen for the players (a placeholder until chosen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLineEdit, QPushButton, QWidget

from ...core.europa.res import format_res
from ...core.europa.roster import ABROAD, HOME, MAX_MDS, RosterEntry
from ...core.europa.unit_count import UnitCount
from ..shell.accessible import CAPTION, LiveLabel
from .fields import EntryBox, OptionalBox, ResBox, watch_number

#: The roster's forces and places in a table's few words.
FORCE_WORDS = {"national": "Own", "german": "German", "ss-police": "SS/Police", "luftwaffe": "Luftwaffe"}
PLACE_WORDS = {HOME: "Home country", "possession": "Possession", ABROAD: "Abroad"}
#: (field, column header, full words): the modifiers' marks.
FLAGS = (("capital", "Capi-\ntal", "In the capital"), ("major_city", "Major\ncity", "In a major city hex"),
         ("island", "Is-\nland", "On an island (not Sicily)"), ("armour", "Ar-\nmour", "Armour symbol"),
         ("motorized", "Mo-\ntor.", "Motorized"), ("support", "Supply\n/ HQ", "Supply unit, depot or Army HQ"),
         ("near_enemy", "Near\nenemy", "Within 3 hexes of an enemy unit"))
HOME_ONLY = ("capital", "major_city")
#: A mark's column as a screen reader says it first ("Capital, unit 3: Rome garrison"; issue 40).
FLAG_NAMES = {"capital": "Capital", "major_city": "Major city", "island": "Island", "armour": "Armour",
              "motorized": "Motorized", "support": "Supply/HQ", "near_enemy": "Near enemy"}
MDS = (("mds_major", "MDs\nmajor", "MDs in major countries"), ("mds_minor", "MDs\nminor", "MDs in minor countries"))
HEADERS = ("Unit", "REs", "Force", "Place", *(header for _key, header, _words in FLAGS),
           *(header for _key, header, _words in MDS), "Count-\ned", "Why", "")
#: The first flag's column, the first MDs' column.
FIRST_FLAG, FIRST_MDS = 4, 4 + len(FLAGS)
HEADER_TIPS = ("The unit's name", "Its REs, in whole numbers and halves", "Whose unit it is", "Where it stands",
               *(words for _key, _header, words in FLAGS), *(words + " (outside the home country)" for _k, _h, words
                                                            in MDS),
               "The REs it adds to the count (56.E)", "Why it counts what it does, with the rule", "")
COUNTED, WHY = len(HEADERS) - 3, len(HEADERS) - 2


def _combo(name: str, words: dict[str, str], placeholder: str) -> QComboBox:
    box = QComboBox()
    box.setAccessibleName(name)
    for key, text in words.items():
        box.addItem(text, key)
    box.setPlaceholderText(placeholder)
    box.setCurrentIndex(-1)
    return box


def _centred(box: QCheckBox) -> QWidget:
    cell = QWidget()
    layout = QHBoxLayout(cell)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addStretch(1)
    layout.addWidget(box)
    layout.addStretch(1)
    cell.setFocusPolicy(Qt.FocusPolicy.StrongFocus)   # the table's Tab gives the cell's focus to its box (issue 40)
    cell.setFocusProxy(box)
    return cell


class RowWidgets:
    """The widgets of one row; ``prefix`` names them ("Unit 3", "New unit")."""

    def __init__(self, prefix: str, new: bool) -> None:
        self.prefix = prefix
        self.name = QLineEdit()
        self.name.setAccessibleName(f"{prefix} name")
        self.res = ResBox(f"{prefix} REs", optional=new)
        self.force = _combo(f"{prefix} force", FORCE_WORDS, "Force\u2026")
        self.place = _combo(f"{prefix} place", PLACE_WORDS, "Place\u2026")
        self.flags = {key: QCheckBox() for key, _header, _words in FLAGS}
        for key, _header, words in FLAGS:
            self.flags[key].setProperty(CAPTION, f"{prefix} {words[0].lower()}{words[1:]}")   # what tests find
            self.flags[key].setToolTip(words)
        self.name_flags("")
        self.mds: dict[str, EntryBox] = {}
        for key, _header, words in MDS:
            box = OptionalBox(f"{prefix} {words}", 0, MAX_MDS, "\u2014") if new else EntryBox(name=f"{prefix} {words}")
            if not new:
                box.setRange(0, MAX_MDS)
            self.mds[key] = box
        self.counted = LiveLabel("\u2014" if new else "")
        self.counted.setAccessibleName(f"{prefix} counted REs")
        self.why = LiveLabel()
        self.why.setWordWrap(True)
        self.why.setAccessibleName(f"{prefix} why")
        self.button = QPushButton("Add unit" if new else "Remove")
        if new:
            self.name.setPlaceholderText("a new unit")
            self.button.setAccessibleName("Add unit")
            self.why.setText("Fill in the row, then Add unit")
        self.cells: tuple[QWidget, ...] = (self.name, self.res, self.force, self.place,
                                           *(_centred(self.flags[key]) for key, _h, _w in FLAGS),
                                           *self.mds.values(), self.counted, self.why, self.button)

    def name_flags(self, label: str) -> None:
        """Each mark named by its column first, then its unit: "Capital, unit 3: Rome garrison"."""
        unit = f"{self.prefix[0].lower()}{self.prefix[1:]}" + (f": {label}" if label else "")
        for key, box in self.flags.items():
            box.setAccessibleName(f"{FLAG_NAMES[key]}, {unit}")

    def fields(self) -> tuple[QWidget, ...]:
        return (self.name, self.res, self.force, self.place, *self.flags.values(), *self.mds.values())

    def show(self, entry: RosterEntry, counted: UnitCount) -> None:
        """The unit as the game holds it (not over what the player is typing)."""
        for widget in self.fields():
            widget.blockSignals(True)
        if not self.name.isModified():
            self.name.setText(entry.label)
        self.res.show_value(entry.res)
        self.force.setCurrentIndex(self.force.findData(entry.force))
        self.place.setCurrentIndex(self.place.findData(entry.where))
        for key, box in self.flags.items():
            box.setChecked(bool(getattr(entry, key)))
        for key, box in self.mds.items():
            if not box.typing():
                box.setValue(getattr(entry, key))
        for widget in self.fields():
            widget.blockSignals(False)
        self.enable_for(entry.where)
        self.counted.setText(format_res(counted.value))
        self.why.setText(counted.reason)
        self.why.setToolTip("\n".join(str(line) for line in counted.lines))
        self.button.setAccessibleName(f"Remove {entry.label or self.prefix}")
        self.name_flags(entry.label)

    def enable_for(self, where: str | None) -> None:
        """The capital and major city marks are for the home country, MDs for a unit outside it."""
        for key in HOME_ONLY:
            self.flags[key].setEnabled(where in (None, HOME))
        for box in self.mds.values():
            box.setEnabled(where in (None, ABROAD))

    def connect(self, changed: Callable[[dict[str, Any]], None]) -> None:
        """Each field, once finished, reports ``{field: value}`` (a unit row edits in place)."""
        def name_finished() -> None:
            if self.name.isModified():
                self.name.setModified(False)
                changed({"label": self.name.text().strip()})

        def res_entered(value: object) -> None:
            if value is not None:
                changed({"res": value})

        self.name.editingFinished.connect(name_finished)
        self.res.entered.connect(res_entered)
        self.force.activated.connect(lambda _index: changed({"force": self.force.currentData()}))
        self.place.activated.connect(lambda _index: changed({"where": self.place.currentData()}))
        for key, box in self.flags.items():
            box.toggled.connect(lambda checked, key=key: changed({key: checked}))
        for key, number in self.mds.items():
            watch_number(number, lambda value, key=key: changed({key: value}))

