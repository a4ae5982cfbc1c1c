"""The RE count form (56.E, 56.E.2): the roster and losses as the players enter them, who asks for
the count, and the breakdown with a rule number on every line."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions
from ...core.europa.draw import ALLIED, AXIS, SIDE_TITLES
from ...core.europa.envelope import REAL_DECK
from ...core.europa.recount import RECount
from ...core.europa.res import format_res, parse_res
from ...core.europa.roster import FORCES, MAX_COUNT, MAX_MDS, PLACES, Losses, RosterEntry
from ...core.lines import RulesInputError
from ..shell.number_box import NumberBox
from .cover import Ask, PrivateScreen
from .holder import EuropaGameHolder
from .messages import sentence

FLAGS = (("capital", "In the capital"), ("major_city", "In a major city hex"),
         ("island", "On an island (not Sicily)"), ("armour", "Armour symbol"), ("motorized", "Motorized"),
         ("support", "Supply unit, depot or Army HQ"), ("near_enemy", "Within 3 hexes of an enemy unit"))
COUNTS = (("air_eliminated", "Air units eliminated"), ("air_aborted", "Air units aborted"), ("tf_hits", "TF hits"),
          ("nts_eliminated", "NTs eliminated"), ("forts_inland", "Forts, non-coastal hexes"),
          ("forts_coastal", "Forts, non-port coastal hexes"), ("rp_pool", "RP pool losses (RPs)"))


def describe(entry: RosterEntry) -> str:
    marks = [label.lower() for key, label in FLAGS if getattr(entry, key)]
    if entry.where == "abroad":
        marks.append(f"{entry.mds_major} major + {entry.mds_minor} minor MDs")
    return (f"{entry.label}: {format_res(entry.res)} REs, {FORCES[entry.force]}, {PLACES[entry.where]}"
            + (f" ({', '.join(marks)})" if marks else ""))


def _named(widget: QWidget, name: str) -> QWidget:
    widget.setAccessibleName(name)
    return widget


class RECountForm(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, private: PrivateScreen,
                 parent: QWidget | None = None) -> None:
        super().__init__("RE count (56.E)", parent)
        self.holder, self.nation, self.private = holder, nation, private
        self.unit_name = QLineEdit()
        self.unit_res = QLineEdit("1")
        self.force = QComboBox()
        for key, label in FORCES.items():
            self.force.addItem(label, key)
        self.place = QComboBox()
        for key, label in PLACES.items():
            self.place.addItem(label, key)
        self.flags = {key: QCheckBox(label) for key, label in FLAGS}
        self.mds_major, self.mds_minor = NumberBox(), NumberBox()
        unit = QFormLayout()
        for label, widget in (("Unit name", self.unit_name), ("Unit REs", self.unit_res), ("Force", self.force),
                              ("Place", self.place), ("MDs in major countries", self.mds_major),
                              ("MDs in minor countries", self.mds_minor)):
            unit.addRow(label, _named(widget, label))
        for key, box in self.flags.items():
            unit.addRow("", _named(box, dict(FLAGS)[key]))
        for spin in (self.mds_major, self.mds_minor):
            spin.setRange(0, MAX_MDS)
        add, remove = QPushButton("Add unit"), QPushButton("Remove unit")
        add.clicked.connect(self.add_unit)
        remove.clicked.connect(self.remove_unit)
        self.roster = QListWidget()
        self.roster.setAccessibleName("Roster")
        losses = QFormLayout()
        self.ground, self.cm = QLineEdit("0"), QLineEdit("0")
        losses.addRow("Ground losses (REs)", _named(self.ground, "Ground losses (REs)"))
        losses.addRow("of which c/m or armour", _named(self.cm, "of which c/m or armour"))
        self.counts: dict[str, NumberBox] = {}
        for key, label in COUNTS:
            spin = NumberBox()
            spin.setRange(0, MAX_COUNT)
            self.counts[key] = spin
            losses.addRow(label, _named(spin, label))
        for line in (self.ground, self.cm):
            line.editingFinished.connect(self.store_losses)
        for spin in self.counts.values():
            spin.editingFinished.connect(self.store_losses)
        self.requested_by = QComboBox()
        for side in (AXIS, ALLIED):
            self.requested_by.addItem(f"{SIDE_TITLES[side]} side", side)
        self.paper_card = QLineEdit()
        self.paper_card.setPlaceholderText("only if the count shows a paper card")
        losses.addRow("Requested by", _named(self.requested_by, "Requested by"))
        losses.addRow("Paper card shown", _named(self.paper_card, "Paper card shown"))
        count = QPushButton("Count REs")
        count.clicked.connect(self.count)
        self.message = _named(QLabel(), "RE count message")
        for spin in (self.mds_major, self.mds_minor, *self.counts.values()):   # a number out of range: say so
            spin.refused.connect(lambda text: self.message.setText(f"Not entered: {text}"))
        self.result = _named(QLabel(), "RE count result")
        self.breakdown = QPlainTextEdit()
        self.breakdown.setReadOnly(True)
        self.breakdown.setAccessibleName("RE count breakdown")
        buttons = QHBoxLayout()
        for button in (add, remove, count):
            button.setAccessibleName(button.text())
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(unit)
        layout.addLayout(buttons)
        layout.addWidget(self.roster)
        layout.addLayout(losses)
        for widget in (self.message, self.result, self.breakdown):
            layout.addWidget(widget)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        nation = self.holder.game.nation(self.nation)
        self.roster.clear()
        self.roster.addItems([describe(entry) for entry in nation.roster])
        for line, value in ((self.ground, nation.losses.ground_res), (self.cm, nation.losses.cm_armour_res)):
            if not line.hasFocus():
                line.setText(format_res(value))
        for key, spin in self.counts.items():
            spin.blockSignals(True)
            spin.setValue(getattr(nation.losses, key))
            spin.blockSignals(False)

    def add_unit(self) -> None:
        try:
            entry = RosterEntry(self.unit_name.text().strip(), parse_res(self.unit_res.text(), "Unit REs"),
                                force=str(self.force.currentData()), where=str(self.place.currentData()),
                                mds_major=self.mds_major.value(), mds_minor=self.mds_minor.value(),
                                **{key: box.isChecked() for key, box in self.flags.items()})
        except RulesInputError as error:
            self.message.setText(sentence(str(error)))
            return
        roster = (*self.holder.game.nation(self.nation).roster, entry)
        self.holder.apply(f"Add {entry.label or 'a unit'} to the {self.nation} roster",
                          lambda game: actions.set_roster(game, self.nation, roster))
        self.message.setText(f"Added {describe(entry)}")

    def remove_unit(self) -> None:
        row = self.roster.currentRow()
        roster = self.holder.game.nation(self.nation).roster
        if not 0 <= row < len(roster):
            self.message.setText("Pick a unit in the roster first.")
            return
        kept = roster[:row] + roster[row + 1:]
        self.holder.apply(f"Remove {roster[row].label} from the roster", lambda game: actions.set_roster(
            game, self.nation, kept))

    def _losses(self) -> Losses:
        return Losses(parse_res(self.ground.text(), "Ground losses"), parse_res(self.cm.text(), "c/m or armour losses"),
                      **{key: spin.value() for key, spin in self.counts.items()})

    def store_losses(self) -> bool:
        """Keep the losses as typed (one undoable step), so nothing typed is lost when the game changes."""
        try:
            losses = self._losses()
        except RulesInputError as error:
            self.message.setText(sentence(str(error)))
            return False
        if losses != self.holder.game.nation(self.nation).losses:
            self.holder.apply(f"Enter the {self.nation} losses", lambda game: actions.set_losses(
                game, self.nation, losses))
        return True

    def count(self) -> None:
        if not self.store_losses():
            return
        side = str(self.requested_by.currentData())
        game = self.holder.game
        envelope = game.nation(self.nation).envelope
        if actions.count_needs_card(game, self.nation, side) and envelope is not None and \
                envelope.mode != REAL_DECK:
            def finish(given: dict[str, str]) -> str:
                self._run(side, given[ALLIED], "")
                return ""

            def own(typed: str) -> None:
                actions.check_passphrase(self.holder.game, self.nation, ALLIED, typed)

            self.private.ask([Ask(ALLIED, "show the card for this RE count (56.E.2; it cannot be undone)",
                                  check=own)], finish, lambda text: self.message.setText(sentence(text)))
            return
        try:
            self._run(side, "", self.paper_card.text())
        except RulesInputError as error:
            self.message.setText(sentence(str(error)))

    def _run(self, side: str, passphrase: str, typed: str) -> None:
        game, result = actions.request_re_count(self.holder.game, self.nation, side, passphrase, typed)
        self.holder.apply(f"RE count in {self.nation}", lambda _game: game)
        self.show_result(result)

    def show_result(self, result: RECount) -> None:
        self.message.setText("")
        self.result.setText("; ".join(f"{label}: {value}" for label, value in result.summary()))
        self.breakdown.setPlainText("\n".join(str(line) for line in result.lines))
