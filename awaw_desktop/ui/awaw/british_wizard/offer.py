"""The offer page: Britain's offer and Germany's answer (59.12, 59.23, 59.32, 59.41)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from ....core.awaw import britain, unentered
from ....core.awaw.common import Scenario
from ...shell.theme import points_text
from .common import PAGE_REDUCTIONS, PAGE_SUMMARY, BritishAnswers, WizardPage, named, waiting_label, wrapped


class OfferPage(WizardPage):
    def __init__(self, wizard: BritishAnswers) -> None:
        super().__init__(wizard, "The British offer (59.12, 59.23, 59.41)",
                         "Britain's resistance level and what accepting its offer would mean. Germany decides.")
        layout = QVBoxLayout(self)
        self.resistance = wrapped(name="British resistance level")
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
        named(self.breakdown, "Resistance breakdown")
        layout.addWidget(self.breakdown)
        #: Said instead of the breakdown when no line of the table counts this turn.
        self.no_lines = wrapped(name="Resistance breakdown note")
        layout.addWidget(self.no_lines)
        self.details = wrapped(name="Offer details")
        layout.addWidget(self.details)
        # Issue 28: an offer resting on values nobody entered is confirmed before Germany answers it.
        missing = unentered.resting_on(wizard.store.session, wizard.store.results).get(britain.KEY, [])
        wizard.unconfirmed = [item.key for item in missing]
        listed = "; ".join(f"{item.label} ({item.rule}), counted as {item.counted_as}" for item in missing)
        self.confirm_values = QCheckBox(f"The values nobody has entered are right as counted: {listed}")
        named(self.confirm_values, "Confirm the values nobody has entered",
              "The offer rests on them; confirmed, they are entered with the outcome. Otherwise Cancel and enter "
              "them on the Britain tab.")
        self.confirm_values.setVisible(bool(missing))
        self.confirm_values.toggled.connect(lambda _on: self.completeChanged.emit())
        layout.addWidget(self.confirm_values)

        decision = QGroupBox("Germany's answer")
        box = QVBoxLayout(decision)
        self.accept_button = QRadioButton("Germany accepts: Britain surrenders")
        self.decline_button = QRadioButton("Germany declines: the offer lapses (59.32)")
        named(self.accept_button, "Germany accepts")
        named(self.decline_button, "Germany declines")
        self.group = QButtonGroup(self)
        self.group.addButton(self.accept_button)
        self.group.addButton(self.decline_button)
        box.addWidget(self.accept_button)
        box.addWidget(self.decline_button)
        self.decline_note = wrapped(name="Decline note")
        box.addWidget(self.decline_note)
        self.waiting = waiting_label("Waiting for")
        box.addWidget(self.waiting)
        layout.addWidget(decision)

        situation = self.situation = QGroupBox("The situation when Britain surrenders")
        form = QVBoxLayout(situation)
        self.us_at_war = wrapped(name="U.S. at war with Germany")
        form.addWidget(self.us_at_war)
        row = QHBoxLayout()
        self.japan_britain = QCheckBox("Japan is at war with Britain")
        self.japan_us = QCheckBox("Japan is at war with the U.S.")
        named(self.japan_britain, "Japan is at war with Britain", "Decides the Far East page (59.891)")
        named(self.japan_us, "Japan is at war with the U.S.", "Decides the Far East page (59.891)")
        row.addWidget(self.japan_britain)
        row.addWidget(self.japan_us)
        row.addStretch(1)
        form.addLayout(row)
        self.japan_note = wrapped()
        form.addWidget(self.japan_note)
        layout.addWidget(situation)
        layout.addStretch(1)
        # The war's facts give the wizard's first answers; the ticks show them, so a tick the players
        # change leaves the other answer as the screen shows it.
        self.japan_britain.setChecked(wizard.japan_at_war_with_britain)
        self.japan_us.setChecked(wizard.japan_at_war_with_us)

        self.accept_button.toggled.connect(self._answer)
        self.decline_button.toggled.connect(self._answer)
        self.japan_britain.toggled.connect(self._japan)
        self.japan_us.toggled.connect(self._japan)
        self._fill()

    def _fill(self) -> None:
        owner = self.owner
        offer = owner.offer
        result = owner.store.results.get(britain.KEY)
        self.resistance.setText(f"British resistance: {points_text(owner.resistance)}")
        rows = [item for item in (result.breakdown if result else ()) if item.points]
        self.breakdown.setRowCount(len(rows))
        for index, item in enumerate(rows):
            for column, text in enumerate((item.rule, item.label + (f" \u2014 {item.note}" if item.note else ""),
                                           f"{points_text(item.points)}")):
                cell = QTableWidgetItem(text)
                if column == 2:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.breakdown.setItem(index, column, cell)
        self.breakdown.resizeColumnToContents(0)
        self.breakdown.resizeColumnToContents(2)
        self.breakdown.resizeRowsToContents()
        rows_height = sum(self.breakdown.rowHeight(row) for row in range(len(rows)))
        self.breakdown.setFixedHeight(min(200, self.breakdown.horizontalHeader().sizeHint().height()
                                          + rows_height + 2 * self.breakdown.frameWidth() + 4))
        # The table lists the lines that add or take away points; with none it would be an empty box.
        self.breakdown.setVisible(bool(rows))
        self.no_lines.setVisible(not rows)
        self.no_lines.setText("" if rows else
                              "No line of the British table (59.21) adds or takes away anything this turn: "
                              f"the level is {points_text(owner.resistance)}.")
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

    def refresh(self) -> None:
        answered = self.accept_button.isChecked() or self.decline_button.isChecked()
        # Declined, Britain does not surrender: the situation it would surrender in is not asked.
        self.situation.setVisible(not self.decline_button.isChecked())
        self.waiting.setVisible(self.owner.available and not answered)
        self.waiting.setText("" if answered or not self.owner.available else
                             "Waiting for Germany's answer: accept or decline the offer (59.3, 59.4). "
                             "Next stays disabled until one is picked.")

    def isComplete(self) -> bool:
        confirmed = not self.owner.unconfirmed or self.confirm_values.isChecked()
        return self.owner.available and confirmed and (self.accept_button.isChecked()
                                                       or self.decline_button.isChecked())

    def nextId(self) -> int:
        return PAGE_REDUCTIONS if self.owner.accepted else PAGE_SUMMARY
