"""Surrender (56.A) and surrender rolls (56.E.3) for one nation: the players' condition and whether it holds, the
rolls (typed or rolled) for the nation or one of its new governments, the special replacement rates, new governments,
the surrender.  Nothing is chosen for the players: a rate, a die, who rolls are blank until they enter them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QWidget,
)

from ...core.europa import actions, actions_surrender
from ...core.europa.actions_surrender import SURRENDER
from ...core.europa.dice import source_words
from ...core.europa.state import EuropaGame
from ...core.europa.words import counted
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel
from ..shell.status_chip import StatusChip
from .fields import MessageLine, OptionalBox, named, watch_number
from .holder import EuropaGameHolder
from .tones import show, surrender_words
from .turn_start_checks import holds_box

NATION_ROLLS = ""


class SurrenderBox(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__("Surrender (56.A, 56.E.3)", parent)
        self.holder, self.nation = holder, nation
        self.chip = StatusChip()
        self.chip.setAccessibleName("Surrender state")
        self.condition = named(QLineEdit(), "Surrender condition")
        self.condition.setPlaceholderText("the scenario's surrender condition, in your words")
        self.condition.editingFinished.connect(self._condition_changed)
        self.holds = holds_box("Surrender condition holds")
        self.holds.activated.connect(self._holds_changed)
        self.rate = OptionalBox("Special replacement rate before any roll", 0, 100, suffix=" %")
        watch_number(self.rate, lambda _value: self._rate_changed())
        self.roller = QComboBox()
        self.roller.setAccessibleName("Who rolls")
        self.die = OptionalBox("Die", 1, 6, "\u2014")
        self.outcome = named(QLineEdit(), "Roll outcome")
        self.outcome.setPlaceholderText("what the roll did, in your words")
        self.government = named(QLineEdit(), "New government")
        self.government.setPlaceholderText("like RSI Italy")
        self.government_rate = OptionalBox("New government's rate", 0, 100, suffix=" %")
        form = QFormLayout()
        for label, widget in (("Surrender condition", self.condition), ("The condition", self.holds),
                              ("Special replacement rate before any roll", self.rate), ("Who rolls", self.roller),
                              ("Die", self.die), ("Roll outcome", self.outcome), ("New government", self.government),
                              ("New government's rate", self.government_rate)):
            form.addRow(label, widget)
        buttons = QGridLayout()   # rolls, then governments and the surrender
        for index, (text, slot) in enumerate((("Record the typed die", self._typed), ("Roll for me", self._rolled),
                                              ("Form the new government", self._form),
                                              ("The nation surrenders", self._surrender))):
            button = QPushButton(text)
            button.setAccessibleName(text)
            button.clicked.connect(slot)
            buttons.addWidget(button, *divmod(index, 2))
        self.status = named(LiveLabel(), "Surrender status")
        self.status.setWordWrap(True)
        self.message = MessageLine("Surrender message")
        for box in (self.rate, self.die, self.government_rate):
            self.message.watch(box)
        layout = QFormLayout(self)
        layout.addRow(self.chip)
        layout.addRow(form)
        layout.addRow(buttons)
        layout.addRow(self.status)
        layout.addRow(self.message)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        nation = self.holder.game.nation(self.nation)
        record = nation.surrender
        show(self.chip, *surrender_words(nation))
        if not self.condition.isModified():  # never overwrite what is being typed
            self.condition.setText(record.condition)
        self.holds.blockSignals(True)
        self.holds.setCurrentIndex(-1 if record.condition_met is None else self.holds.findData(record.condition_met))
        self.holds.blockSignals(False)
        self.rate.show_entered(record.special_rate)
        self._fill_roller(record.surrendered is None, [g.name for g in record.governments])
        if record.surrendered is not None:
            text = f"Surrendered on {record.surrendered}: its forces, reinforcements and replacements are gone."
        else:
            rate = record.rate()
            now = f"{rate}%" if rate is not None else "not entered"
            text = f"Special replacement rate now {now} after {counted(len(record.own_rolls()), 'roll')}."
        for government in record.governments:
            text += (f" {government.name}: {record.government_rate(government.name)}% after "
                     f"{counted(len(record.own_rolls(government.name)), 'roll')} of its own.")
        if record.rolls:
            last = record.rolls[-1]
            by = f" by {last.by}" if last.by else ""
            text += f" Last roll: {last.die} ({source_words(last.source)}) on {last.turn}{by}."
        self.status.setText(text)

    def _fill_roller(self, nation_rolls: bool, governments: list[str]) -> None:
        """Who may roll: the nation until it surrenders, and each new government; chosen by the players when there
        is a choice."""
        options = [("the nation itself", NATION_ROLLS)] if nation_rolls else []
        options += [(name, name) for name in governments]
        present = [(self.roller.itemText(i), self.roller.itemData(i)) for i in range(self.roller.count())]
        if options != present:   # a new choice: the players make it afresh
            self.roller.clear()
            for text, value in options:
                self.roller.addItem(text, value)
            self.roller.setPlaceholderText("Who rolls\u2026")
            self.roller.setCurrentIndex(0 if len(options) == 1 else -1)

    def _change(self, label: str, change: Callable[[EuropaGame], EuropaGame], done: str = "") -> bool:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self.message.say(str(error))
            self.refresh()
            return False
        self.message.say(done)
        return True

    def _condition_changed(self) -> None:
        if not self.condition.isModified():
            return
        text = self.condition.text()
        self.condition.setModified(False)
        self._change("Surrender condition", lambda g: actions_surrender.set_condition_text(g, self.nation, SURRENDER,
                                                                                           text))

    def _holds_changed(self, index: int) -> None:
        holds = bool(self.holds.itemData(index))
        self._change("Surrender condition " + ("holds" if holds else "does not hold"),
                     lambda g: actions_surrender.record_condition(g, self.nation, SURRENDER, holds))

    def _rate_changed(self) -> None:
        rate = self.rate.entered()
        self._change("Special replacement rate", lambda g: actions.set_special_rate(g, self.nation, rate))

    def _roll(self, die: int | None) -> None:
        if self.roller.currentIndex() < 0:
            self.message.say("Choose who rolls: the nation itself or one of its new governments (56.E.3).")
            return
        outcome, by = self.outcome.text(), str(self.roller.currentData())
        if self._change(f"Surrender roll for {by or self.nation}",
                        lambda g: actions.record_surrender_roll(g, self.nation, die, outcome, by)):
            self.outcome.clear()
            self.die.clear_entry()
            if self.roller.count() > 1:
                self.roller.setCurrentIndex(-1)
            self.message.say(f"Recorded: {self.holder.game.log[-1].text}.")

    def _typed(self) -> None:
        die = self.die.entered()
        if die is None:
            self.message.say("Type the die first (1 to 6), or press Roll for me.")
            return
        self._roll(die)

    def _rolled(self) -> None:
        self._roll(None)

    def _form(self) -> None:
        name, rate = self.government.text(), self.government_rate.entered()
        if rate is None:
            self.message.say("Give the new government its special replacement rate first.")
            return
        if self._change(f"New government {name}", lambda g: actions.form_government(g, self.nation, name, rate),
                        f"{name.strip()} formed: it rolls for itself, and only its own rolls lower its rate."):
            self.government.clear()
            self.government_rate.clear_entry()

    def _surrender(self) -> None:
        """Asked first (56.A eliminates all the nation's forces in play): No, the default, changes nothing.  (A nation
        that defected is refused at once, with the reason.)"""
        if not self.holder.game.nation(self.nation).active:
            self._change(f"{self.nation} surrenders", lambda g: actions.surrender_nation(g, self.nation))
            return
        box = QMessageBox(QMessageBox.Icon.Warning, f"{self.nation} surrenders?",
                          f"Record that {self.nation} surrenders on {self.holder.game.turn} (56.A)?", parent=self)
        box.setInformativeText("All of its forces in play are eliminated and its accumulated reinforcements are lost; "
                               "it receives no reinforcements or replacements for the rest of the game, and its "
                               "national will envelope has no more effect.")
        yes = box.addButton(f"{self.nation} surrenders", QMessageBox.ButtonRole.DestructiveRole)
        no = box.addButton("Don't record it", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(no)
        box.setEscapeButton(no)
        box.exec()
        if box.clickedButton() is not yes:
            self.message.say("Not recorded: nothing changed.")
            return
        self._change(f"{self.nation} surrenders", lambda g: actions.surrender_nation(g, self.nation),
                     f"{self.nation} surrendered (56.A).")
