"""Page 4: the Free French and Vichy forces and fleet (58.6)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWizard

from ....core.awaw.common import Edition
from ....core.awaw.france_forces import Ships, allocate_fleet, free_french_forces, vichy_forces
from ...shell.accessible import LiveLabel
from ...shell.number_box import NumberBox
from .common import FrenchAnswers, WizardPage, bold_label, number_input, signed, wrapped_label

FORCE_COLUMNS = (("infantry", "Infantry factors"), ("armor", "Armor units"), ("aaf", "AAF"),
                 ("named_ships", "Named ships"), ("cruisers", "Cruisers"), ("destroyers", "Destroyer factors"))
SHIP_FIELDS = (("named_ships", "Named ships"), ("cruisers", "Cruisers"), ("destroyers", "Destroyer factors"))
#: What a ship count box shows until the players type a number (0 included): nobody has counted the ships.
NOT_ENTERED = "not entered"


class ForcesPage(WizardPage):
    def __init__(self, wizard: FrenchAnswers) -> None:
        super().__init__()
        self.setTitle("4. Free French and Vichy forces (58.6)")
        self.setSubTitle("58.611: the Allied player picks the Free French forces first, then the Axis player "
                         "picks Vichy's.")
        layout = QVBoxLayout(self)
        self.armor: QCheckBox | None = None
        if wizard.edition is Edition.UPDATED:
            self.armor = QCheckBox("France has a 4-5 armor unit from Gathering Storm research (58.613)")
            self.armor.setAccessibleName("France has a 4-5 armor unit")
            self.armor.setChecked(wizard.french_4_5_armor)
            self.armor.toggled.connect(self._armor)
            layout.addWidget(self.armor)
        forces = QGroupBox("Forces each side gets by the tables")
        grid = QGridLayout(forces)
        for column, (_key, heading) in enumerate(FORCE_COLUMNS, start=1):
            grid.addWidget(bold_label(heading), 0, column)
        self.cells: dict[tuple[str, str], QLabel] = {}
        self.force_text: dict[str, QLabel] = {}
        for row, (side, title) in enumerate((("free_french", "Free French (58.621)"),
                                             ("vichy", "Vichy France (58.631)")), start=1):
            grid.addWidget(QLabel(title), row, 0)
            for column, (key, _heading) in enumerate(FORCE_COLUMNS, start=1):
                cell = LiveLabel()
                cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
                cell.setAccessibleName(f"{title}: {_heading}")
                grid.addWidget(cell, row, column)
                self.cells[(side, key)] = cell
        self.force_text["free_french"] = wrapped_label(name="Free French forces")
        self.force_text["vichy"] = wrapped_label(name="Vichy forces")
        grid.addWidget(self.force_text["free_french"], 3, 0, 1, 7)
        grid.addWidget(self.force_text["vichy"], 4, 0, 1, 7)
        layout.addWidget(forces)
        ships = QGroupBox("French ships that exist at the surrender (damaged and '2'/'Launch' row ships "
                          "included, at full value: 58.642)")
        ship_row = QHBoxLayout(ships)
        self.ships: dict[str, NumberBox] = {}
        for key, label in SHIP_FIELDS:
            # Asked before any loss is shown: a box starts "not entered" (its lowest value), never at 0.
            entered = key in wizard.ships_entered
            spin = number_input(f"French {label.lower()} that exist", -1, 200,
                                getattr(wizard.existing_ships, key) if entered else -1)
            spin.setSpecialValueText(NOT_ENTERED)
            caption = QLabel(label)
            caption.setBuddy(spin)
            spin.valueChanged.connect(self._ships_changed)
            ship_row.addWidget(caption)
            ship_row.addWidget(spin)
            ship_row.addSpacing(12)
            self.ships[key] = spin
        ship_row.addStretch(1)
        layout.addWidget(ships)
        # Issue 28: the ships are asked before any loss is shown; nothing below is worked out until each count is in.
        self.no_ships = LiveLabel("Count the French ships that exist at the surrender first (0 if there are none): "
                                  "the tables' ships go to each side only from those (58.643), so no loss is shown "
                                  "until every count is entered.")
        self.no_ships.setObjectName("warning")
        self.no_ships.setWordWrap(True)
        self.no_ships.setStyleSheet("color: #b00020; font-weight: 600;")
        self.no_ships.setAccessibleName("No French ships entered")
        layout.addWidget(self.no_ships)
        self.show_refusals(layout, "Forces: number not entered")
        fleet = QGroupBox("The French fleet (58.64)")
        fleet_layout = QGridLayout(fleet)
        self.fleet: dict[str, QLabel] = {}
        for row, (key, title) in enumerate((("free_french", "Free French get"), ("vichy", "Vichy gets"),
                                            ("free_french_short", "Free French lose: not enough ships (58.643)"),
                                            ("vichy_short", "Vichy loses: not enough ships (58.643)"),
                                            ("left_over", "Taken by neither side, removed (58.61)"))):
            fleet_layout.addWidget(QLabel(title), row, 0)
            label = bold_label(name=title)
            label.setWordWrap(True)
            fleet_layout.addWidget(label, row, 1)
            self.fleet[key] = label
        fleet_layout.setColumnStretch(1, 1)
        layout.addWidget(fleet)
        layout.addStretch(1)

    def _armor(self, checked: bool) -> None:
        self.owner().french_4_5_armor = bool(checked)
        self.refresh()

    def _ships_changed(self, _value: int) -> None:
        wizard = self.owner()
        wizard.ships_entered = {key for key, spin in self.ships.items() if spin.value() >= 0}
        wizard.existing_ships = Ships(**{key: max(0, spin.value()) for key, spin in self.ships.items()})
        self.refresh()
        self.completeChanged.emit()
        if self.ships_counted():   # Enter goes on: "< Back" stayed the default after the counts (issue 40)
            page_wizard = self.wizard()
            for which in (QWizard.WizardButton.FinishButton, QWizard.WizardButton.NextButton):
                button = page_wizard.button(which) if page_wizard is not None else None
                if button is not None and button.isVisible() and button.isEnabled():
                    button.setDefault(True)
                    break

    def ships_counted(self) -> bool:
        """Every ship count is entered (0 included)."""
        return all(spin.value() >= 0 for spin in self.ships.values())

    def isComplete(self) -> bool:
        return self.ships_counted()

    def initializePage(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        wizard = self.owner()
        level, vichy = wizard.level(), wizard.vichy
        ff = free_french_forces(level, vichy, wizard.edition, wizard.french_4_5_armor)
        vi = vichy_forces(level, vichy, wizard.edition, wizard.french_4_5_armor)
        for side, force in (("free_french", ff), ("vichy", vi)):
            for key, _heading in FORCE_COLUMNS:
                value = getattr(force, key)
                text = str(value) if value else "\u2013"
                if key == "armor" and value:
                    text = f"{value} ({force.armor_type})"
                self.cells[(side, key)].setText(text)
        self.force_text["free_french"].setText(f"Free French, level {signed(level)}, "
                                               f"{'with' if vichy else 'without'} Vichy: {ff.describe()}")
        self.force_text["vichy"].setText(f"Vichy France: {vi.describe()}" if vichy else
                                         "No Vichy France: no Vichy forces.")
        counted = self.ships_counted()
        self.no_ships.setVisible(not counted)
        if not counted:   # no loss, no allocation until the ships are counted
            for label in self.fleet.values():
                label.setText("waiting for the ship counts above")
            return
        allocation = allocate_fleet(wizard.existing_ships, ff, vi)
        self.fleet["free_french"].setText(allocation.free_french.describe())
        self.fleet["vichy"].setText(allocation.vichy.describe())
        self.fleet["free_french_short"].setText(allocation.free_french_short.describe())
        self.fleet["vichy_short"].setText(allocation.vichy_short.describe())
        self.fleet["left_over"].setText(allocation.left_over.describe())
