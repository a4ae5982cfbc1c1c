"""The British surrender wizard (59.3-59.9): the players answer, the core decides.

Every number, every allowed or forbidden tick and the text of the summary come from
``core.awaw.britain_surrender`` and ``core.awaw.britain``; the pages only gather answers into a
``SurrenderRequest`` and show what the core makes of it.  Finish records the outcome with
``record_british_surrender`` as one undo step; Cancel changes nothing.
"""

from __future__ import annotations

import re
from html import escape

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from ..core.awaw import britain
from ..core.awaw import britain_surrender as bs
from ..core.awaw import facts as war_facts
from ..core.awaw.common import Scenario
from ..core.lines import RulesInputError
from ..core.session import Session
from .store import SessionStore

PAGE_OFFER, PAGE_REDUCTIONS, PAGE_WAR, PAGE_CONCESSIONS, PAGE_CONCILIATION, PAGE_FAR_EAST, PAGE_SUMMARY = range(7)

#: What each page is called in ``screens`` (``british-wizard-<n>-<slug>``).
PAGE_SLUGS = {PAGE_OFFER: "offer", PAGE_REDUCTIONS: "reductions", PAGE_WAR: "war-continues",
              PAGE_CONCESSIONS: "concessions", PAGE_CONCILIATION: "conciliation", PAGE_FAR_EAST: "far-east",
              PAGE_SUMMARY: "summary"}

_STATE_WORDS = {
    bs.ShipState.ACTIVE: "Intact",
    bs.ShipState.DAMAGED: "Damaged",
    bs.ShipState.SUNK_IN_PORT: "Sunk in port",
    bs.ShipState.SALVAGEABLE: "Salvageable (as sunk in port)",
    bs.ShipState.LAUNCH_ROW: "Construction chart: Launch row",
    bs.ShipState.ROW_2: "Construction chart: row 2",
    bs.ShipState.ROW_3: "Construction chart: row 3",
    bs.ShipState.ROW_4: "Construction chart: row 4",
    bs.ShipState.ROW_5: "Construction chart: row 5",
}
_ITEM_STATUS_WORDS = {
    bs.ItemStatus.ELIGIBLE: "Eligible",
    bs.ItemStatus.AXIS_CONTROLLED: "Already Axis-controlled",
    bs.ItemStatus.INDEPENDENT: "Independent",
    bs.ItemStatus.NOT_ELIGIBLE: "Not eligible",
}
_MODE_WORDS = {bs.MinorMode.NEUTRALITY: "Neutrality (1 per 5 BRPs)",
               bs.MinorMode.AXIS_CONTROL: "Axis control (2 per 5 BRPs)"}
_KIND_WORDS = {"aaf": "AAF", "ground_nas_brps": "ground units or NAS", "naval_factors": "naval units"}


def state_label(state: bs.ShipState) -> str:
    """A ship state with its 59.513D discount, read from the core's table."""
    discount = bs.SHIP_DISCOUNT[state]
    value = "full value" if not discount else "\u2212" + str(discount)
    return f"{_STATE_WORDS[state]} ({value})"


def _named(widget: QWidget, name: str, tip: str = "") -> QWidget:
    widget.setAccessibleName(name)
    if tip:
        widget.setToolTip(tip)
    return widget


def _wrapped(text: str = "", name: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setAccessibleName(name)
    return label


def _problem_label(name: str) -> QLabel:
    label = _wrapped(name=name)
    label.setObjectName("problems")
    label.setStyleSheet("color: #b00020;")
    return label


def _scrolled(widget: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.StyledPanel)
    scroll.setWidget(widget)
    return scroll


def _clear(grid: QGridLayout) -> None:
    """Empty a grid at once (detached, so no old row is found by name before it is deleted)."""
    while grid.count():
        item = grid.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "minor"


class _Page(QWizardPage):
    """A page that reads and writes the wizard's answers and refreshes from the core."""

    def __init__(self, wizard: BritishSurrenderWizard, title: str, subtitle: str) -> None:
        super().__init__()
        self.owner = wizard
        self.setTitle(title)
        self.setSubTitle(subtitle)

    def refresh(self) -> None:
        """Show what the core makes of the current answers."""

    def changed(self) -> None:
        self.owner.answers_changed()


# ---------------------------------------------------------------------------------------------
# 1. The offer
# ---------------------------------------------------------------------------------------------


class OfferPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "1. The British offer (59.12, 59.23, 59.41)",
                         "Britain's resistance level and what accepting its offer would mean. Germany decides.")
        layout = QVBoxLayout(self)
        self.resistance = _wrapped(name="British resistance level")
        font = self.resistance.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.resistance.setFont(font)
        layout.addWidget(self.resistance)
        self.breakdown = QTableWidget(0, 3)
        self.breakdown.setHorizontalHeaderLabels(["Rule", "Line of the British table (59.21)", "Points"])
        self.breakdown.verticalHeader().hide()
        self.breakdown.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.breakdown.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        _named(self.breakdown, "Resistance breakdown")
        layout.addWidget(self.breakdown)
        self.details = _wrapped(name="Offer details")
        layout.addWidget(self.details)

        decision = QGroupBox("Germany's answer")
        box = QVBoxLayout(decision)
        self.accept_button = QRadioButton("Germany accepts: Britain surrenders")
        self.decline_button = QRadioButton("Germany declines: the offer lapses (59.32)")
        _named(self.accept_button, "Germany accepts")
        _named(self.decline_button, "Germany declines")
        self.group = QButtonGroup(self)
        self.group.addButton(self.accept_button)
        self.group.addButton(self.decline_button)
        box.addWidget(self.accept_button)
        box.addWidget(self.decline_button)
        self.decline_note = _wrapped(name="Decline note")
        box.addWidget(self.decline_note)
        layout.addWidget(decision)

        situation = QGroupBox("The situation when Britain surrenders")
        form = QVBoxLayout(situation)
        self.us_at_war = _wrapped(name="U.S. at war with Germany")
        form.addWidget(self.us_at_war)
        row = QHBoxLayout()
        self.japan_britain = QCheckBox("Japan is at war with Britain")
        self.japan_us = QCheckBox("Japan is at war with the U.S.")
        _named(self.japan_britain, "Japan is at war with Britain", "Decides the Far East page (59.891)")
        _named(self.japan_us, "Japan is at war with the U.S.", "Decides the Far East page (59.891)")
        row.addWidget(self.japan_britain)
        row.addWidget(self.japan_us)
        row.addStretch(1)
        form.addLayout(row)
        self.japan_note = _wrapped()
        form.addWidget(self.japan_note)
        layout.addWidget(situation)
        layout.addStretch(1)

        self.accept_button.toggled.connect(self._answer)
        self.decline_button.toggled.connect(self._answer)
        self.japan_britain.toggled.connect(self._japan)
        self.japan_us.toggled.connect(self._japan)
        self._fill()

    def _fill(self) -> None:
        owner = self.owner
        offer = owner.offer
        result = owner.store.results.get(britain.KEY)
        self.resistance.setText(f"British resistance: {owner.resistance:+d}")
        rows = [item for item in (result.breakdown if result else ()) if item.points]
        self.breakdown.setRowCount(len(rows))
        for index, item in enumerate(rows):
            for column, text in enumerate((item.rule, item.label + (f" \u2014 {item.note}" if item.note else ""),
                                           f"{item.points:+d}")):
                cell = QTableWidgetItem(text)
                if column == 2:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.breakdown.setItem(index, column, cell)
        self.breakdown.resizeColumnToContents(0)
        self.breakdown.resizeColumnToContents(2)
        self.breakdown.resizeRowsToContents()
        rows_height = sum(self.breakdown.rowHeight(row) for row in range(len(rows)))
        self.breakdown.setFixedHeight(min(200, self.breakdown.horizontalHeader().sizeHint().height()
                                          + rows_height + 2 * self.breakdown.frameWidth() + 2))
        if not owner.available:
            self.details.setText(f"<b>No offer to decide now.</b> {escape(owner.reason)}")
            for button in (self.accept_button, self.decline_button, self.japan_britain, self.japan_us):
                button.setEnabled(False)
                button.setToolTip(f"No offer to decide now: {owner.reason}")
            return
        assert offer is not None
        parts = [escape(offer.reason[:1].upper() + offer.reason[1:]) + "."]
        if offer.previous_level is None:
            parts.append(f"Accepted, the surrender level is <b>{offer.surrender_level}</b> (the resistance level, "
                         "never below \u221210, 59.41).")
        else:
            parts.append(f"Britain surrendered before at level {offer.previous_level}. Accepted, the new surrender "
                         f"level is <b>{offer.surrender_level}</b> and only the difference counts (59.872).")
        parts.append(f"Levels that count: <b>{offer.counted_levels}</b>, worth "
                     f"<b>{offer.concession_points}</b> concession point(s) (59.65).")
        self.details.setText(" ".join(parts))
        if offer.may_decline:
            self.decline_note.setText("A declined offer lapses: Germany cannot accept it later; Britain may offer "
                                      "again in a later turn (59.32).")
        else:
            self.decline_button.setEnabled(False)
            self.decline_button.setToolTip("At a resistance level of \u221210 or lower Germany must accept (59.23).")
            with QSignalBlocker(self.accept_button):
                self.accept_button.setChecked(True)
            self.decline_note.setText("At a resistance level of \u221210 or lower Germany must accept; declining "
                                      "is not allowed (59.23).")
        if owner.us_at_war:
            self.us_at_war.setText("The U.S. <b>is</b> at war with Germany (Britain tab, powers at war): the war "
                                   "goes on and no concessions are made (59.61).")
        else:
            self.us_at_war.setText("The U.S. is <b>not</b> at war with Germany (Britain tab, powers at war): a "
                                   "peace treaty with concessions (59.62).")
        if owner.session.scenario is not Scenario.GLOBAL_WAR:
            self.japan_britain.setEnabled(False)
            self.japan_us.setEnabled(False)
            for button in (self.japan_britain, self.japan_us):
                button.setToolTip("Not a Global War scenario: no Far East question (59.89).")
            self.japan_note.setText("Not a Global War scenario: no Far East question (59.89).")
        else:
            self.japan_note.setText("Tick what holds in the Far East: Japan's choice follows (59.891).")

    def _answer(self, _checked: bool) -> None:
        if self.accept_button.isChecked() or self.decline_button.isChecked():
            self.owner.accepted = self.accept_button.isChecked()
            self.changed()

    def _japan(self, _checked: bool) -> None:
        self.owner.japan_at_war_with_britain = self.japan_britain.isChecked()
        self.owner.japan_at_war_with_us = self.japan_us.isChecked()
        self.changed()

    def isComplete(self) -> bool:
        return self.owner.available and (self.accept_button.isChecked() or self.decline_button.isChecked())

    def nextId(self) -> int:
        return PAGE_REDUCTIONS if self.owner.accepted else PAGE_SUMMARY


# ---------------------------------------------------------------------------------------------
# 2. Force reductions
# ---------------------------------------------------------------------------------------------


class ReductionsPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "2. Force reductions (59.51)",
                         "The British player picks what leaves the force pool and which ships are eliminated.")
        body = QWidget()
        layout = QVBoxLayout(body)
        self.required = _wrapped(name="Required reductions")
        layout.addWidget(self.required)

        units = QGroupBox("Ground and air units removed from the force pool (59.513B-C)")
        grid = QGridLayout(units)
        self.aaf = QSpinBox()
        self.aaf.setRange(0, 99)
        self.brps = QSpinBox()
        self.brps.setRange(0, 400)
        _named(self.aaf, "AAF removed")
        _named(self.brps, "BRPs of ground units or NAS removed")
        self.exhausted: dict[str, QCheckBox] = {}
        for row, (kind, caption, spin) in enumerate((("aaf", "AAF removed:", self.aaf),
                                                      ("ground_nas_brps", "BRPs of ground units or NAS removed:",
                                                       self.brps))):
            label = QLabel(caption)
            label.setBuddy(spin)
            grid.addWidget(label, row, 0)
            grid.addWidget(spin, row, 1)
            box = QCheckBox(f"No more {_KIND_WORDS[kind]} to remove (59.513E)")
            _named(box, f"No more {_KIND_WORDS[kind]} to remove")
            self.exhausted[kind] = box
            grid.addWidget(box, row, 2)
        grid.setColumnStretch(3, 1)
        layout.addWidget(units)

        naval = QGroupBox("Naval units eliminated (59.513D): each counts at its discounted value")
        naval_layout = QVBoxLayout(naval)
        add_row = QHBoxLayout()
        self.ship_name = QLineEdit()
        self.ship_name.setPlaceholderText("e.g. BB Hood")
        _named(self.ship_name, "Ship name")
        self.ship_factors = QSpinBox()
        self.ship_factors.setRange(1, 20)
        self.ship_factors.setValue(3)
        _named(self.ship_factors, "Ship factors")
        self.ship_state = QComboBox()
        for state in bs.ShipState:
            self.ship_state.addItem(state_label(state), state)
        _named(self.ship_state, "Ship state")
        self.add_ship = QPushButton("Add ship")
        _named(self.add_ship, "Add ship")
        for caption, widget in (("Ship:", self.ship_name), ("Factors:", self.ship_factors),
                                ("State:", self.ship_state)):
            label = QLabel(caption)
            label.setBuddy(widget)
            add_row.addWidget(label)
            add_row.addWidget(widget, 2 if widget is self.ship_name or widget is self.ship_state else 0)
        add_row.addWidget(self.add_ship)
        naval_layout.addLayout(add_row)
        self.ships = QTableWidget(0, 4)
        self.ships.setHorizontalHeaderLabels(["Ship", "Factors", "State", "Counts"])
        self.ships.verticalHeader().hide()
        self.ships.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.ships.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.ships.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.ships.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.ships.setMinimumHeight(90)
        self.ships.setMaximumHeight(130)
        _named(self.ships, "Ships chosen for elimination")
        naval_layout.addWidget(self.ships)
        bottom = QHBoxLayout()
        self.remove_ship = QPushButton("Remove selected ship")
        _named(self.remove_ship, "Remove selected ship")
        bottom.addWidget(self.remove_ship)
        other = QLabel("Other naval factors (already discounted):")
        self.other_naval = QSpinBox()
        self.other_naval.setRange(0, 200)
        _named(self.other_naval, "Other naval factors",
               "A quick entry for ships you do not list one by one: their value after the 59.513D discounts.")
        other.setBuddy(self.other_naval)
        bottom.addWidget(other)
        bottom.addWidget(self.other_naval)
        box = QCheckBox(f"No more {_KIND_WORDS['naval_factors']} to eliminate (59.513E)")
        _named(box, "No more naval units to eliminate")
        self.exhausted["naval_factors"] = box
        bottom.addWidget(box)
        bottom.addStretch(1)
        naval_layout.addLayout(bottom)
        self.naval_value = _wrapped(name="Naval value")
        naval_layout.addWidget(self.naval_value)
        layout.addWidget(naval)

        self.check = _wrapped(name="Reductions check")
        layout.addWidget(self.check)
        exempt = "".join(f"<li><b>{escape(rule)}</b> {escape(text)}</li>" for rule, text in bs.EXEMPT_UNITS)
        self.exempt = _wrapped(f"<b>Never removed or eliminated (59.514):</b><ul style='margin:0'>{exempt}</ul>",
                               "Exempt units")
        layout.addWidget(self.exempt)
        layout.addStretch(1)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(_scrolled(body))

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
        name = self.ship_name.text().strip() or f"Ship {len(self.owner.ships) + 1}"
        self.owner.ships.append(bs.Ship(name, self.ship_factors.value(), bs.ShipState(self.ship_state.currentData())))
        self.ship_name.clear()
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


# ---------------------------------------------------------------------------------------------
# 3. War continues
# ---------------------------------------------------------------------------------------------


class WarPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "3. The war continues (59.61)",
                         "The U.S. is at war with Germany, so Britain surrenders without a peace treaty.")
        layout = QVBoxLayout(self)
        self.text = _wrapped(
            "<p>The U.S. was at war with Germany when Britain surrendered: <b>Britain and the U.S. fight on</b>.</p>"
            "<p>Both sides keep the territory they control. Germany takes <b>no concessions</b> and no indemnity, "
            "and returns nothing, so there is no conciliation (59.61).</p>"
            "<p>The force reductions of the previous page still apply (59.512), and the new surrender level "
            "counts for later offers (59.87) and the U.S. election (62.31).</p>",
            "War continues")
        layout.addWidget(self.text)
        layout.addStretch(1)

    def nextId(self) -> int:
        return PAGE_FAR_EAST if self.owner.far_east_needed() else PAGE_SUMMARY


# ---------------------------------------------------------------------------------------------
# 4. Concessions
# ---------------------------------------------------------------------------------------------


class ConcessionsPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "4. Concessions (59.65-59.68)",
                         "Germany picks from the British Concession Table, lowest priority number first.")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.available_label = _wrapped(name="Concession points available")
        self.left_label = _wrapped(name="Concession points left")
        top.addWidget(self.available_label, 2)
        top.addWidget(self.left_label, 1)
        indemnity_caption = QLabel("Indemnity (59.67):")
        self.indemnity = QComboBox()
        for brps, points in bs.INDEMNITY_POINTS.items():
            self.indemnity.addItem("None" if not brps else f"{brps} BRPs ({points} point{'s' if points > 1 else ''})",
                                   brps)
        _named(self.indemnity, "Indemnity", "10, 20 or 30 BRPs, taken without regard to priority (59.67).")
        indemnity_caption.setBuddy(self.indemnity)
        top.addWidget(indemnity_caption)
        top.addWidget(self.indemnity)
        layout.addLayout(top)

        minors = QHBoxLayout()
        caption = QLabel("Minor country (priority 2):")
        self.minor_name = QLineEdit()
        self.minor_name.setPlaceholderText("e.g. Greece")
        _named(self.minor_name, "Minor country name")
        caption.setBuddy(self.minor_name)
        self.minor_brps = QSpinBox()
        self.minor_brps.setRange(0, 200)
        self.minor_brps.setSuffix(" BRPs")
        _named(self.minor_brps, "Minor country BRPs",
               "The minor country's BRPs; Persia and Arabia associated with Britain count as 5 (59.66E).")
        self.add_minor = QPushButton("Add minor country")
        _named(self.add_minor, "Add minor country")
        minors.addWidget(caption)
        minors.addWidget(self.minor_name, 1)
        minors.addWidget(self.minor_brps)
        minors.addWidget(self.add_minor)
        layout.addLayout(minors)
        self.minor_problem = _problem_label("Minor country problem")
        layout.addWidget(self.minor_problem)

        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(3)
        layout.addWidget(_scrolled(self.body), 1)
        layout.addWidget(_wrapped("Cyprus goes with Palestine and Kuwait with Iraq. Items already Axis-controlled, "
                                  "independent or not eligible cannot be taken and do not hold back higher "
                                  "priorities (59.66)."))
        self.problems = _problem_label("Concession problems")
        layout.addWidget(self.problems)

        self.takes: dict[str, QCheckBox] = {}
        self.statuses: dict[str, QComboBox] = {}
        self.modes: dict[str, QComboBox] = {}
        self.notes: dict[str, QLabel] = {}
        self.points: dict[str, QLabel] = {}
        self.indemnity.currentIndexChanged.connect(self._indemnity)
        self.add_minor.clicked.connect(self._add_minor)
        self.minor_name.returnPressed.connect(self._add_minor)
        self._build_rows()

    def _build_rows(self) -> None:
        _clear(self.grid)
        self.takes, self.statuses, self.modes, self.notes, self.points = {}, {}, {}, {}, {}
        for column, heading in enumerate(("Take", "Priority", "Points", "Status when Britain surrenders",
                                          "Mode")):
            self.grid.addWidget(QLabel(f"<b>{heading}</b>"), 0, column)
        owner = self.owner
        for index, item in enumerate(owner.items()):
            row = 1 + 2 * index
            take = QCheckBox(item.name)
            _named(take, f"Take {item.name}")
            take.toggled.connect(lambda checked, key=item.key: self._take(key, checked))
            status = QComboBox()
            for value, words in _ITEM_STATUS_WORDS.items():
                status.addItem(words, value.value)
            status.setCurrentIndex(max(0, status.findData(owner.statuses.get(item.key, bs.ItemStatus.ELIGIBLE.value))))
            status.setMaximumWidth(190)
            _named(status, f"{item.name} status")
            status.currentIndexChanged.connect(lambda _i, key=item.key, box=status: self._status(key, box))
            priority = QLabel(str(item.priority))
            priority.setAlignment(Qt.AlignmentFlag.AlignCenter)
            points = QLabel()
            points.setAlignment(Qt.AlignmentFlag.AlignCenter)
            _named(points, f"{item.name} points")
            note = QLabel()
            note.setWordWrap(True)
            note.setContentsMargins(24, 0, 0, 4)
            note.setStyleSheet("font-style: italic;")
            note.hide()
            _named(note, f"{item.name} note")
            self.grid.addWidget(take, row, 0)
            self.grid.addWidget(priority, row, 1)
            self.grid.addWidget(points, row, 2)
            self.grid.addWidget(status, row, 3)
            if item.is_minor:
                mode = QComboBox()
                for value, words in _MODE_WORDS.items():
                    mode.addItem(words, value.value)
                mode.setCurrentIndex(max(0, mode.findData(owner.minor_modes.get(item.key,
                                                                               bs.MinorMode.AXIS_CONTROL.value))))
                mode.setMaximumWidth(200)
                _named(mode, f"{item.name} mode")
                mode.currentIndexChanged.connect(lambda _i, key=item.key, box=mode: self._mode(key, box))
                self.modes[item.key] = mode
                self.grid.addWidget(mode, row, 4)
            self.grid.addWidget(note, row + 1, 0, 1, 5)
            self.takes[item.key] = take
            self.statuses[item.key] = status
            self.notes[item.key] = note
            self.points[item.key] = points
        self.grid.setColumnStretch(4, 1)
        self.grid.setRowStretch(2 * len(owner.items()) + 1, 1)

    def _take(self, key: str, checked: bool) -> None:
        if checked:
            self.owner.chosen[key] = self.owner.minor_modes.get(key, bs.MinorMode.AXIS_CONTROL.value) \
                if key in self.owner.minor_keys() else ""
        else:
            self.owner.chosen.pop(key, None)
        self.changed()

    def _status(self, key: str, box: QComboBox) -> None:
        self.owner.statuses[key] = box.currentData()
        self.changed()

    def _mode(self, key: str, box: QComboBox) -> None:
        self.owner.minor_modes[key] = box.currentData()
        if key in self.owner.chosen:
            self.owner.chosen[key] = box.currentData()
        self.changed()

    def _indemnity(self, _index: int) -> None:
        self.owner.indemnity = int(self.indemnity.currentData())
        self.changed()

    def _add_minor(self) -> None:
        name = self.minor_name.text().strip()
        if not name:
            self.minor_problem.setText("Type the minor country's name first.")
            return
        try:
            self.owner.add_minor(name, self.minor_brps.value())
        except RulesInputError as error:
            self.minor_problem.setText(str(error))
            return
        self.minor_problem.clear()
        self.minor_name.clear()
        self._build_rows()
        self.changed()

    def initializePage(self) -> None:
        self._build_rows()
        self.refresh()

    def refresh(self) -> None:
        owner = self.owner
        offer = owner.offer
        available = offer.concession_points if offer else 0
        self.available_label.setText(f"Points available: <b>{available}</b> (two per counted level, 59.65)")
        choices = owner.concession_choices()
        verdict = owner.concession_verdict()
        self.left_label.setText(f"Points left: <b>{available - verdict.points_used}</b>")
        for choice in choices:
            take = self.takes.get(choice.key)
            if take is None:
                continue
            take.blockSignals(True)
            take.setChecked(choice.chosen)
            take.blockSignals(False)
            take.setEnabled(choice.allowed)
            take.setToolTip(choice.reason)
            self.points[choice.key].setText(str(choice.points))
            note = choice.reason if (not choice.allowed or choice.chosen) else ""
            self.notes[choice.key].setText(f"\u2192 {note}" if note else "")
            self.notes[choice.key].setVisible(bool(note))
        self.problems.setText("<br>".join(escape(problem) for problem in verdict.problems))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.owner.concession_verdict().ok

    def nextId(self) -> int:
        return PAGE_CONCILIATION


# ---------------------------------------------------------------------------------------------
# 5. Conciliation
# ---------------------------------------------------------------------------------------------


class ConciliationPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "5. German conciliation (59.71-59.75)",
                         "Points Germany leaves untaken, and Axis-held territory it returns, soften later terms.")
        layout = QVBoxLayout(self)
        layout.addWidget(_wrapped(
            "Germany may return Axis-held territory listed on the British Concession Table (59.72, 59.73A). "
            "Mark items Axis-controlled on the Concessions page to list them here. Once it returns any, it may take "
            "no territory: only the indemnity and minor countries' neutrality remain (59.73G)."))
        home = QGroupBox("Axis control in Britain (59.73D-F)")
        row = QHBoxLayout(home)
        self.home: dict[str, QCheckBox] = {}
        for key, words in (("london", "Axis control London"), ("birmingham", "Axis control Birmingham"),
                           ("manchester", "Axis control Manchester"), ("all_scotland", "Axis control all of Scotland")):
            box = QCheckBox(words)
            _named(box, words)
            box.toggled.connect(self._home)
            self.home[key] = box
            row.addWidget(box)
        row.addStretch(1)
        layout.addWidget(home)
        self.body = QWidget()
        self.grid = QGridLayout(self.body)
        self.grid.setVerticalSpacing(3)
        layout.addWidget(_scrolled(self.body), 1)
        self.problems = _problem_label("Return problems")
        layout.addWidget(self.problems)
        self.effects = _wrapped(name="Conciliation effects")
        layout.addWidget(self.effects)
        self.returns: dict[str, QCheckBox] = {}
        self.facts: dict[str, QCheckBox] = {}
        self.notes: dict[str, QLabel] = {}
        self._listed: tuple[str, ...] | None = None

    def _home(self, _checked: bool) -> None:
        self.owner.home = bs.HomeControl(**{key: box.isChecked() for key, box in self.home.items()})
        self.changed()

    def _build_rows(self) -> None:
        choices = self.owner.return_choices()
        keys = tuple(choice.key for choice in choices)
        if keys == self._listed:
            return
        self._listed = keys
        _clear(self.grid)
        self.returns, self.facts, self.notes = {}, {}, {}
        if not choices:
            self.grid.addWidget(_wrapped("Nothing on the table is Axis-controlled, so nothing can be returned. "
                                         "Conciliation comes only from points Germany does not take."), 0, 0)
            return
        for column, heading in enumerate(("Return", "Points", "British at the start, or gained other than by an "
                                                              "Axis declaration of war (59.73B)", "Why not")):
            label = QLabel(f"<b>{heading}</b>")
            label.setWordWrap(True)
            self.grid.addWidget(label, 0, column)
        for row, choice in enumerate(choices, start=1):
            box = QCheckBox(choice.name)
            _named(box, f"Return {choice.name}")
            box.toggled.connect(lambda checked, key=choice.key: self._return(key, checked))
            fact = QCheckBox("yes")
            _named(fact, f"{choice.name} British at the start or gained otherwise")
            fact.setChecked(self.owner.british_at_start.get(choice.key, choice.key not in bs.NOT_BRITISH_AT_START))
            fact.toggled.connect(lambda checked, key=choice.key: self._fact(key, checked))
            points = QLabel(str(choice.points))
            points.setAlignment(Qt.AlignmentFlag.AlignCenter)
            note = QLabel()
            note.setWordWrap(True)
            _named(note, f"{choice.name} return note")
            self.grid.addWidget(box, row, 0)
            self.grid.addWidget(points, row, 1)
            self.grid.addWidget(fact, row, 2)
            self.grid.addWidget(note, row, 3)
            self.returns[choice.key] = box
            self.facts[choice.key] = fact
            self.notes[choice.key] = note
        self.grid.setColumnStretch(3, 1)
        self.grid.setRowStretch(len(choices) + 1, 1)

    def _return(self, key: str, checked: bool) -> None:
        if checked:
            self.owner.returns.add(key)
        else:
            self.owner.returns.discard(key)
        self.changed()

    def _fact(self, key: str, checked: bool) -> None:
        self.owner.british_at_start[key] = checked
        self.changed()

    def initializePage(self) -> None:
        self.owner.returns &= {choice.key for choice in self.owner.return_choices()}
        self._listed = None
        self.refresh()

    def refresh(self) -> None:
        self._build_rows()
        for choice in self.owner.return_choices():
            box = self.returns.get(choice.key)
            if box is None:
                continue
            box.blockSignals(True)
            box.setChecked(choice.chosen)
            box.blockSignals(False)
            box.setEnabled(choice.allowed)
            box.setToolTip(choice.reason)
            self.notes[choice.key].setText(choice.reason)
        outcome = self.owner.outcome()
        self.problems.setText("<br>".join(escape(problem) for problem in outcome.returns.problems))
        conciliation = outcome.conciliation
        returned = outcome.returns.points_used
        not_taken = conciliation.points - returned
        self.effects.setText(
            f"Points not taken: <b>{not_taken}</b> (of what Germany could take, 59.71); points returned: "
            f"<b>{returned}</b>.<br>Conciliation worth <b>{conciliation.points}</b> point(s): British resistance "
            f"<b>{conciliation.resistance_modifier:+d}</b> in later turns (one per two full points; only this latest "
            f"surrender counts, 59.75A) and USAT <b>\u2212{conciliation.usat_reduction}</b> (59.75B).")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.owner.outcome().returns.ok

    def nextId(self) -> int:
        return PAGE_FAR_EAST if self.owner.far_east_needed() else PAGE_SUMMARY


# ---------------------------------------------------------------------------------------------
# 6. Far East
# ---------------------------------------------------------------------------------------------


class FarEastPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "6. The Far East (59.891-59.894)",
                         "Japan, at war with Britain, decides how the surrender touches Asia.")
        layout = QVBoxLayout(self)
        self.situation = _wrapped(name="Far East situation")
        layout.addWidget(self.situation)
        choice = QGroupBox("Japan's choice (59.891C)")
        box = QVBoxLayout(choice)
        self.adheres = QRadioButton("Japan adheres to the German-British peace (59.892)")
        self.fights_on = QRadioButton("Japan fights on against Britain (59.894)")
        _named(self.adheres, "Japan adheres to the peace")
        _named(self.fights_on, "Japan fights on")
        self.group = QButtonGroup(self)
        self.group.addButton(self.adheres)
        self.group.addButton(self.fights_on)
        box.addWidget(self.adheres)
        box.addWidget(self.fights_on)
        self.choice_box = choice
        layout.addWidget(choice)
        self.consequences = _wrapped(name="Far East consequences")
        layout.addWidget(self.consequences)
        layout.addStretch(1)
        self.adheres.toggled.connect(self._choose)
        self.fights_on.toggled.connect(self._choose)

    def _choose(self, _checked: bool) -> None:
        if self.adheres.isChecked() or self.fights_on.isChecked():
            self.owner.japan_adheres = self.adheres.isChecked()
            self.changed()

    def refresh(self) -> None:
        owner = self.owner
        needs_choice = owner.japan_at_war_with_britain and not owner.japan_at_war_with_us
        self.choice_box.setEnabled(needs_choice)
        self.choice_box.setVisible(needs_choice)
        if needs_choice:
            self.situation.setText("Japan is at war with Britain but not with the U.S.: the Japanese player "
                                   "chooses whether Japan joins the peace (59.891C).")
        else:
            self.situation.setText("Japan is at war with Britain and the U.S.: there is no choice to make; the "
                                   "surrender holds in Europe only (59.891B).")
        outcome = owner.outcome()
        events = [event for event in outcome.events if event.rule.startswith("59.89")]
        if needs_choice and owner.japan_adheres is None:
            self.consequences.setText("<i>Pick Japan's choice to see what follows.</i>")
        else:
            self.consequences.setText("<b>What follows:</b><ul style='margin:0'>" + "".join(
                f"<li><b>{escape(e.rule)}</b> {escape(e.text)}</li>" for e in events) + "</ul>")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        owner = self.owner
        return not (owner.japan_at_war_with_britain and not owner.japan_at_war_with_us
                    and owner.japan_adheres is None)

    def nextId(self) -> int:
        return PAGE_SUMMARY


# ---------------------------------------------------------------------------------------------
# 7. Summary
# ---------------------------------------------------------------------------------------------


class SummaryPage(_Page):
    def __init__(self, wizard: BritishSurrenderWizard) -> None:
        super().__init__(wizard, "7. Summary",
                         "Finish records this in the game (one undo step); Cancel leaves the game untouched.")
        layout = QVBoxLayout(self)
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        _named(self.text, "Summary")
        layout.addWidget(self.text, 1)
        row = QHBoxLayout()
        self.copy = QPushButton("Copy to clipboard")
        _named(self.copy, "Copy to clipboard")
        self.copy.clicked.connect(self._copy)
        row.addWidget(self.copy)
        self.copied = QLabel()
        row.addWidget(self.copied, 1)
        layout.addLayout(row)
        self.error = _problem_label("Recording problem")
        layout.addWidget(self.error)
        self.setFinalPage(True)

    def _copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text.toPlainText())
        self.copied.setText("Copied.")

    def initializePage(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        text = self.owner.outcome().summary_text()
        overrides = self.owner.overrides()
        if overrides:
            text += "\n\nOverridden by the players (59.6):\n" + "\n".join(f"- {line}" for line in overrides)
        self.text.setPlainText(text)
        self.copied.clear()

    def nextId(self) -> int:
        return -1


# ---------------------------------------------------------------------------------------------
# The wizard
# ---------------------------------------------------------------------------------------------


class BritishSurrenderWizard(QWizard):
    """Gathers Germany's, Britain's and Japan's answers for this turn's British offer; Finish
    records the core's outcome with ``britain.record_british_surrender`` as one undo step."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setWindowTitle("British surrender")
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.IndependentPages, True)
        session, results = store.session, store.results
        self.available, self.reason = britain.wizard_available(session, results)
        self.offer: bs.Offer | None = britain.wizard_offer(session, results) if self.available else None
        figures = results[britain.KEY].figures if britain.KEY in results else {}
        self.resistance = int(figures.get("resistance", 0))
        self.us_at_war = bool(figures.get("us_at_war_with_germany", False))
        carry = {**britain.initial_carry(), **session.carry.get(britain.KEY, {})}
        self.returned_before = set(carry.get("returned_territories") or ())
        # The answers.
        self.accepted = self.offer is not None and not self.offer.may_decline
        # The war's facts answer these; the War page shows them for the players to confirm.
        self.japan_at_war_with_britain = session.fact("war.japan_britain") is not None
        self.japan_at_war_with_us = session.fact("war.japan_us") is not None
        self.japan_adheres: bool | None = None
        self.aaf = 0
        self.ground_nas_brps = 0
        self.other_naval = 0
        self.ships: list[bs.Ship] = []
        self.exhausted: set[str] = set()
        axis_holds = session.value(britain.KEY, britain.AXIS_HOLDS.id) if session.scenario is not Scenario.PACIFIC \
            else []
        self.statuses: dict[str, str] = bs.initial_statuses(axis_holds)
        # 59.6: territories whose side the war's facts settle (Vichy colonies, Italian possessions, Malta,
        # earlier concessions) start from the facts; a player's change is an override, listed in the summary.
        conceded = tuple(item.get("key", "") for item in (session.outcomes.get(britain.KEY) or {}).get("taken", ())
                         if isinstance(item, dict) and item.get("key") in bs.TERRITORY_KEYS)
        self.fact_statuses = war_facts.concession_statuses(session.facts, conceded)
        self.statuses.update({key: status for key, (status, _why) in self.fact_statuses.items()})
        self.settled_statuses = dict(self.statuses)
        self.minors: list[bs.ConcessionItem] = []
        self.minor_modes: dict[str, str] = {}
        self.chosen: dict[str, str] = {}
        self.indemnity = 0
        self.returns: set[str] = set()
        self.british_at_start: dict[str, bool] = {}
        self.home = bs.HomeControl()
        self._outcome: bs.SurrenderOutcome | None = None

        self.offer_page = OfferPage(self)
        self.reductions_page = ReductionsPage(self)
        self.war_page = WarPage(self)
        self.concessions_page = ConcessionsPage(self)
        self.conciliation_page = ConciliationPage(self)
        self.far_east_page = FarEastPage(self)
        self.summary_page = SummaryPage(self)
        for page_id, page in ((PAGE_OFFER, self.offer_page), (PAGE_REDUCTIONS, self.reductions_page),
                              (PAGE_WAR, self.war_page), (PAGE_CONCESSIONS, self.concessions_page),
                              (PAGE_CONCILIATION, self.conciliation_page), (PAGE_FAR_EAST, self.far_east_page),
                              (PAGE_SUMMARY, self.summary_page)):
            self.setPage(page_id, page)
        self.setStartId(PAGE_OFFER)
        self.currentIdChanged.connect(self._page_shown)
        self.resize(900, 680)

    # -- the answers, handed to the core -------------------------------------------------
    @property
    def session(self) -> Session:
        return self.store.session

    def overrides(self) -> list[str]:
        """Concession statuses the players changed from what the war's facts say, in words."""
        words = {status.value: _ITEM_STATUS_WORDS.get(status, status.value) for status in bs.ItemStatus}
        names = {item.key: item.name for item in self.items()}
        return [f"{names.get(key, key)}: {words.get(self.statuses.get(key, 'eligible'))} "
                f"(the war's facts say {words.get(settled)}"
                + (f": {self.fact_statuses[key][1]}" if key in self.fact_statuses else "") + ")"
                for key, settled in self.settled_statuses.items()
                if self.statuses.get(key, "eligible") != settled]

    def minor_keys(self) -> set[str]:
        return {item.key for item in self.minors}

    def add_minor(self, name: str, brps: int) -> bs.ConcessionItem:
        key = _slug(name)
        if key in bs.TERRITORY_KEYS:
            key += "_minor"
        item = bs.minor_country(key, name, brps)
        bs.concession_items([*self.minors, item])   # refuses a duplicate
        self.minors.append(item)
        self.answers_changed()
        return item

    def items(self) -> tuple[bs.ConcessionItem, ...]:
        return bs.concession_items(self.minors)

    def far_east_needed(self) -> bool:
        return self.session.scenario is Scenario.GLOBAL_WAR and self.japan_at_war_with_britain

    def reduction_choice(self) -> bs.ReductionChoice:
        return bs.ReductionChoice(self.aaf, self.ground_nas_brps, tuple(self.ships), self.other_naval)

    def return_facts(self) -> dict[str, bs.ReturnFacts]:
        keys = {item.key for item in self.items()}
        return {key: bs.ReturnFacts(self.british_at_start.get(key, key not in bs.NOT_BRITISH_AT_START),
                                    key in self.returned_before) for key in keys}

    def request(self) -> bs.SurrenderRequest:
        offer = self.offer
        far_east = self.session.scenario is Scenario.GLOBAL_WAR
        japan_britain = far_east and self.japan_at_war_with_britain
        japan_us = far_east and self.japan_at_war_with_us
        adheres = self.japan_adheres
        if japan_britain and not japan_us and adheres is None:
            adheres = False   # not chosen yet: shown as a question on the Far East page
        required = bs.required_reductions(offer.counted_levels if offer and offer.offered else 0)
        choice = self.reduction_choice()
        return bs.SurrenderRequest(
            resistance=self.resistance, previous_level=offer.previous_level if offer else None,
            accepted=self.accepted, us_at_war_with_germany=self.us_at_war, scenario=self.session.scenario,
            minors=tuple(self.minors), statuses=dict(self.statuses), chosen=dict(self.chosen),
            indemnity=self.indemnity, returns=tuple(key for key in (item.key for item in self.items())
                                                    if key in self.returns),
            return_facts=self.return_facts(), home=self.home, japan_at_war_with_britain=japan_britain,
            japan_at_war_with_us=japan_us, japan_adheres=adheres, reductions=choice,
            available=bs.available_when_exhausted(required, choice, self.exhausted))

    def outcome(self) -> bs.SurrenderOutcome:
        if self._outcome is None:
            self._outcome = bs.british_surrender_outcome(self.request())
        return self._outcome

    def concession_choices(self) -> tuple[bs.ItemChoice, ...]:
        points = self.offer.concession_points if self.offer else 0
        return bs.concession_choices(points, self.items(), self.statuses, self.chosen, self.indemnity,
                                     returning=bool(self.returns), minor_modes=self.minor_modes)

    def concession_verdict(self) -> bs.Verdict:
        """The concessions as the core judges them, returns' 59.73G problems shown on page 5."""
        return self.outcome().concessions

    def return_choices(self) -> tuple[bs.ItemChoice, ...]:
        return bs.return_choices(self.items(), self.statuses, self.returns, self.return_facts(), self.home,
                                 self.chosen)

    def answers_changed(self) -> None:
        self._outcome = None
        page = self.currentPage()
        if isinstance(page, _Page):
            page.refresh()
        offer_page = getattr(self, "offer_page", None)
        if offer_page is not None:
            offer_page.completeChanged.emit()

    def _page_shown(self, _page_id: int) -> None:
        page = self.currentPage()
        if isinstance(page, _Page):
            page.refresh()

    # -- Finish ----------------------------------------------------------------------------
    def accept(self) -> None:
        outcome = self.outcome()
        text = "British surrender" if outcome.surrendered else "British surrender offer declined"
        try:
            self.store.change_session(text, lambda session: britain.record_british_surrender(session, outcome))
        except RulesInputError as error:
            self.summary_page.error.setText(f"Not recorded: {error}")
            return
        super().accept()


# ---------------------------------------------------------------------------------------------
# Screens for --screenshot-dir
# ---------------------------------------------------------------------------------------------


def _demo_store(store: SessionStore, us_at_war: bool = False) -> SessionStore:
    """A copy of the open game in which Britain offers to surrender (the open game is not touched)."""
    session = store.session.snapshot()
    if session.scenario is Scenario.PACIFIC:
        session = Session.new(session.edition, Scenario.GLOBAL_WAR, session.turn)
    if us_at_war:
        powers = list(session.value(britain.KEY, britain.POWERS_AT_WAR.id))
        if "united_states" not in powers:
            session.set_value(britain.KEY, britain.POWERS_AT_WAR.id, [*powers, "united_states"])
    demo = SessionStore(session)
    if not britain.wizard_available(session, demo.results)[0]:
        session.carry[britain.KEY] = britain.initial_carry()
        total = int(session.assess()[britain.KEY].figures["resistance"])
        dp = int(session.value(britain.KEY, britain.DP_LEVEL.id))
        session.set_value(britain.KEY, britain.DP_LEVEL.id, max(-60, min(60, dp + (-4 - total))))
        demo = SessionStore(session)
    return demo


def _demo_answers(wizard: BritishSurrenderWizard, until: int) -> None:
    """Fill legal example answers page by page and stop on page ``until``."""
    offer_page = wizard.offer_page
    if wizard.available:
        offer_page.accept_button.setChecked(True)
    if wizard.session.scenario is Scenario.GLOBAL_WAR and until == PAGE_FAR_EAST:
        offer_page.japan_britain.setChecked(True)
    while True:
        page = wizard.currentId()
        if page == PAGE_REDUCTIONS:
            required = wizard.outcome().required
            reductions = wizard.reductions_page
            reductions.aaf.setValue(required.aaf)
            reductions.brps.setValue(required.ground_nas_brps)
            for name, factors, state in (("BB Nelson", 4, bs.ShipState.DAMAGED),
                                         ("CV Illustrious", 3, bs.ShipState.ROW_2)):
                reductions.ship_name.setText(name)
                reductions.ship_factors.setValue(factors)
                reductions.ship_state.setCurrentIndex(reductions.ship_state.findData(state))
                reductions.add_ship.click()
            reductions.other_naval.setValue(max(0, required.naval_factors - wizard.reduction_choice().naval_value))
        elif page == PAGE_CONCESSIONS:
            wizard.statuses.update({"tunisia": "axis-controlled", "libya": "axis-controlled",
                                    "egypt": "axis-controlled"})
            wizard.concessions_page.initializePage()
            points = wizard.offer.concession_points if wizard.offer else 0
            for key in ("lebanon_syria", "algeria", "morocco"):
                if len(wizard.chosen) + 2 <= points:
                    wizard.concessions_page.takes[key].setChecked(True)
        elif page == PAGE_FAR_EAST and not wizard.far_east_page.choice_box.isHidden():
            wizard.far_east_page.adheres.setChecked(True)
        current = wizard.currentPage()
        if page in (until, PAGE_SUMMARY) or current is None or not current.isComplete():
            return
        wizard.next()


def screens(store: SessionStore) -> list[tuple[str, QWidget]]:
    """The wizard shown at each of its pages, named ``british-wizard-<n>-<page>``, for
    ``--screenshot-dir``.  Each is a separate wizard on a copy of the game where Britain offers."""
    shown: list[tuple[str, QWidget]] = []
    for page_id in range(PAGE_SUMMARY + 1):
        demo = _demo_store(store, us_at_war=page_id == PAGE_WAR)
        wizard = BritishSurrenderWizard(demo)
        wizard.demo_store = demo   # keeps the copy alive as long as the wizard
        wizard.restart()
        if page_id != PAGE_OFFER:
            _demo_answers(wizard, page_id)
        shown.append((f"british-wizard-{page_id + 1}-{PAGE_SLUGS[page_id]}", wizard))
    return shown
