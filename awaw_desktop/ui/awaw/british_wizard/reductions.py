"""The reductions page: the force reductions the British player picks (59.51)."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ....core.awaw import britain_surrender as bs
from ...shell.number_box import NumberBox
from .common import (
    KIND_WORDS,
    PAGE_CONCESSIONS,
    PAGE_WAR,
    BritishAnswers,
    WizardPage,
    named,
    problem_label,
    scrolled,
    state_label,
    wrapped,
)

#: What the ship state list shows until a state is chosen.
CHOOSE_STATE = "Choose the state\u2026"


class ReductionsPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "Force reductions (59.51)",
                         "The British player picks what leaves the force pool and which ships are eliminated.")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.required = wrapped(name="Required reductions")
        layout.addWidget(self.required)

        units = QGroupBox("Ground and air units removed from the force pool (59.513B-C)")
        grid = QGridLayout(units)
        self.aaf = NumberBox()
        self.aaf.setRange(0, 99)
        self.brps = NumberBox()
        self.brps.setRange(0, 400)
        named(self.aaf, "AAF removed")
        named(self.brps, "BRPs of ground units or NAS removed")
        self.exhausted: dict[str, QCheckBox] = {}
        for row, (kind, caption, spin) in enumerate((("aaf", "AAF removed:", self.aaf),
                                                      ("ground_nas_brps", "BRPs of ground units or NAS removed:",
                                                       self.brps))):
            label = QLabel(caption)
            label.setBuddy(spin)
            grid.addWidget(label, row, 0)
            grid.addWidget(spin, row, 1)
            box = QCheckBox(f"No more {KIND_WORDS[kind]} to remove (59.513E)")
            named(box, f"No more {KIND_WORDS[kind]} to remove")
            self.exhausted[kind] = box
            grid.addWidget(box, row, 2)
        grid.setColumnStretch(3, 1)
        layout.addWidget(units)

        naval = QGroupBox("Naval units eliminated (59.513D): each counts at its discounted value")
        naval_layout = QVBoxLayout(naval)
        add_row = QHBoxLayout()
        self.ship_name = QLineEdit()
        self.ship_name.setPlaceholderText("e.g. BB Hood")
        named(self.ship_name, "Ship name")
        self.ship_factors = NumberBox()
        self.ship_factors.setRange(1, 20)
        self.ship_factors.setValue(3)
        named(self.ship_factors, "Ship factors")
        self.ship_state = QComboBox()
        # Each ship's state decides what it counts for (59.513D): none is assumed for a ship.
        self.ship_state.addItem(CHOOSE_STATE, None)
        for state in bs.ShipState:
            self.ship_state.addItem(state_label(state), state)
        named(self.ship_state, "Ship state")
        self.add_ship = QPushButton("Add ship")
        named(self.add_ship, "Add ship")
        for caption, widget in (("Ship:", self.ship_name), ("Factors:", self.ship_factors),
                                ("State:", self.ship_state)):
            label = QLabel(caption)
            label.setBuddy(widget)
            add_row.addWidget(label)
            add_row.addWidget(widget, 2 if widget is self.ship_name or widget is self.ship_state else 0)
        add_row.addWidget(self.add_ship)
        naval_layout.addLayout(add_row)
        self.ship_problem = problem_label("Ship problem")
        self.ship_problem.hide()   # shown only with a message: no empty gap above the ships
        naval_layout.addWidget(self.ship_problem)
        self.ships = QTableWidget(0, 4)
        self.ships.setHorizontalHeaderLabels(["Ship", "Factors", "State", "Counts"])
        self.ships.verticalHeader().hide()
        self.ships.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.ships.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.ships.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.ships.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.ships.setMinimumHeight(90)
        self.ships.setMaximumHeight(130)
        named(self.ships, "Ships chosen for elimination")
        naval_layout.addWidget(self.ships)
        bottom = QHBoxLayout()
        self.remove_ship = QPushButton("Remove selected ship")
        named(self.remove_ship, "Remove selected ship")
        bottom.addWidget(self.remove_ship)
        other = QLabel("Other naval factors (already discounted):")
        self.other_naval = NumberBox()
        self.other_naval.setRange(0, 200)
        named(self.other_naval, "Other naval factors",
              "A quick entry for ships you do not list one by one: their value after the 59.513D discounts.")
        other.setBuddy(self.other_naval)
        bottom.addWidget(other)
        bottom.addWidget(self.other_naval)
        box = QCheckBox(f"No more {KIND_WORDS['naval_factors']} to eliminate (59.513E)")
        named(box, "No more naval units to eliminate")
        self.exhausted["naval_factors"] = box
        bottom.addWidget(box)
        bottom.addStretch(1)
        naval_layout.addLayout(bottom)
        self.naval_value = wrapped(name="Naval value")
        naval_layout.addWidget(self.naval_value)
        layout.addWidget(naval)
        self.show_refusals(layout, "Reductions: number not entered", within=body)

        self.check = wrapped(name="Reductions check")
        layout.addWidget(self.check)
        exempt = "".join(f"<li><b>{escape(rule)}</b> {escape(text)}</li>" for rule, text in bs.EXEMPT_UNITS)
        self.exempt = wrapped(f"<b>Never removed or eliminated (59.514):</b><ul style='margin:0'>{exempt}</ul>",
                              "Exempt units")
        layout.addWidget(self.exempt)
        layout.addStretch(1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolled(body))

        self.aaf.valueChanged.connect(self._numbers)
        self.brps.valueChanged.connect(self._numbers)
        self.other_naval.valueChanged.connect(self._numbers)
        for box in self.exhausted.values():
            box.toggled.connect(self._numbers)
        self.add_ship.clicked.connect(self._add_ship)
        self.ship_name.returnPressed.connect(self._add_ship)
        self.remove_ship.clicked.connect(self._remove_ship)

    def _numbers(self, *_args: object) -> None:
        owner = self.owner
        owner.aaf = self.aaf.value()
        owner.ground_nas_brps = self.brps.value()
        owner.other_naval = self.other_naval.value()
        owner.exhausted = {kind for kind, box in self.exhausted.items() if box.isChecked()}
        self.changed()

    def _add_ship(self) -> None:
        if self.refused_just_now():
            return
        state = self.ship_state.currentData()
        if state is None:
            self.ship_problem.setText("Not added: choose the ship's state first; it decides what the ship counts "
                                      "for (59.513D).")
            self.ship_problem.show()
            return
        self.ship_problem.clear()
        self.ship_problem.hide()
        name = self.ship_name.text().strip() or f"Ship {len(self.owner.ships) + 1}"
        self.owner.ships.append(bs.Ship(name, self.ship_factors.value(), bs.ShipState(state)))
        self.ship_name.clear()
        self.ship_state.setCurrentIndex(0)   # the next ship's state is chosen for it, not carried over
        self._fill_ships()
        self.changed()

    def _remove_ship(self) -> None:
        rows = sorted({index.row() for index in self.ships.selectedIndexes()}, reverse=True)
        if not rows and self.owner.ships:
            rows = [len(self.owner.ships) - 1]
        for row in rows:
            del self.owner.ships[row]
        self._fill_ships()
        self.changed()

    def _fill_ships(self) -> None:
        self.ships.setRowCount(len(self.owner.ships))
        for row, ship in enumerate(self.owner.ships):
            for column, text in enumerate((ship.name, str(ship.factors), state_label(ship.state), str(ship.value))):
                self.ships.setItem(row, column, QTableWidgetItem(text))

    def refresh(self) -> None:
        owner = self.owner
        outcome = owner.outcome()
        required = outcome.required
        if owner.offer is not None and owner.offer.counted_levels == 0:
            self.required.setText("<b>No reductions:</b> no level counts for this surrender (59.511, 59.872).")
        else:
            self.required.setText(
                f"<b>Required (59.512):</b> {required.aaf} AAF, {required.ground_nas_brps} BRPs of ground units or "
                f"NAS, and {required.naval_factors} naval factors eliminated.")
        chosen = owner.reduction_choice()
        self.naval_value.setText(f"Naval value: <b>{chosen.naval_value}</b> of {required.naval_factors} needed.")
        if outcome.reductions_check:
            self.check.setText("<span style='color:#b00020'>" + "<br>".join(
                escape(problem) for problem in outcome.reductions_check) + "</span>")
        else:
            self.check.setText("\u2713 <b>Requirements met</b> (59.513F).")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return not self.owner.outcome().reductions_check

    def nextId(self) -> int:
        return PAGE_WAR if self.owner.us_at_war else PAGE_CONCESSIONS
