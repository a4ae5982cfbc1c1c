"""The RE count (56.E, 56.E.2): the nation's order of battle as a table (``roster_table``), its losses as the players
enter them, who asks for the count (nothing chosen for them), and the breakdown with a rule number on every line.

A count the owning side makes never shows the card (56.E.2): while a card seen by the opener only is in effect, it is
left out and the breakdown says so.  The enemy's request shows the card to both sides: the opener types his
passphrase behind the cover screen (or the card from the paper envelope)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions, actions_mail
from ...core.europa.draw import ALLIED, AXIS, SIDE_TITLES
from ...core.europa.envelope import REAL_DECK
from ...core.europa.mail_draw import MAIL_DRAW
from ...core.europa.recount import RECount
from ...core.europa.roster import MAX_COUNT, Losses
from ...core.lines import RulesInputError
from ...core.record.keys import PlayerKeys
from ..shell.accessible import LiveLabel
from .cover import Ask, PrivateScreen
from .fields import EntryBox, MessageLine, ResBox, named, watch_number
from .holder import EuropaGameHolder
from .roster_table import RosterTable

COUNTS = (("air_eliminated", "Air units eliminated"), ("air_aborted", "Air units aborted"), ("tf_hits", "TF hits"),
          ("nts_eliminated", "NTs eliminated"), ("forts_inland", "Forts, non-coastal hexes"),
          ("forts_coastal", "Forts, non-port coastal hexes"), ("rp_pool", "RP pool losses (RPs)"))
#: Losses laid out in this many columns of (label, box).
LOSS_COLUMNS = 3


class RECountForm(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, private: PrivateScreen,
                 parent: QWidget | None = None) -> None:
        super().__init__("RE count (56.E, 56.E.2)", parent)
        self.holder, self.nation, self.private = holder, nation, private
        self.roster = RosterTable(holder, nation)
        self.message = MessageLine("RE count message")
        self.ground = ResBox("Ground losses (REs)")
        self.cm = ResBox("of which c/m or armour")
        self.counts: dict[str, EntryBox] = {}
        losses = QGridLayout()
        entries: list[tuple[str, QWidget]] = [("Ground losses (REs)", self.ground),
                                               ("of which c/m or armour", self.cm)]
        for key, label in COUNTS:
            spin = EntryBox(name=label)
            spin.setRange(0, MAX_COUNT)
            self.counts[key] = spin
            entries.append((label, spin))
            watch_number(spin, lambda _value: self.store_losses())
        for index, (label, widget) in enumerate(entries):
            row, column = divmod(index, LOSS_COLUMNS)
            losses.addWidget(QLabel(label), row, column * 2)
            losses.addWidget(widget, row, column * 2 + 1)
            self.message.watch(widget)
        for column in range(LOSS_COLUMNS):
            losses.setColumnStretch(column * 2 + 1, 1)
        for box in (self.ground, self.cm):
            box.entered.connect(lambda _value: self.store_losses())
        self.requested_by = QComboBox()
        for side in (AXIS, ALLIED):
            self.requested_by.addItem(f"{SIDE_TITLES[side]} side", side)
        self.requested_by.setPlaceholderText("Who asks for it\u2026")
        self.requested_by.setCurrentIndex(-1)
        self.requested_by.setAccessibleName("Requested by")
        self.paper_card = named(QLineEdit(), "Paper card shown")
        self.paper_card.setPlaceholderText("only if an Allied request shows a paper card")
        ask = QFormLayout()
        ask.addRow("Requested by", self.requested_by)
        ask.addRow("Paper card shown", self.paper_card)
        count = QPushButton("Count REs")
        count.setAccessibleName("Count REs")
        count.clicked.connect(self.count)
        buttons = QHBoxLayout()
        buttons.addLayout(ask, 1)
        buttons.addWidget(count)
        self.last = named(LiveLabel(), "Last RE count")
        self.last.setWordWrap(True)
        self.result = named(LiveLabel(), "RE count result")
        self.result.setWordWrap(True)
        self.breakdown = QPlainTextEdit()
        self.breakdown.setReadOnly(True)
        self.breakdown.setAccessibleName("RE count breakdown")
        self.breakdown.setPlaceholderText("Each step of the count, with its rule, once you press Count REs")
        self.breakdown.setMaximumHeight(self.fontMetrics().lineSpacing() * 10)
        layout = QVBoxLayout(self)
        intro = QLabel("Order of battle: a row per unit (change a field where it stands; the last row adds a unit)")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addWidget(self.roster)
        layout.addWidget(QLabel("Losses and forts (56.E RE counts)"))
        layout.addLayout(losses)
        layout.addLayout(buttons)
        for widget in (self.message, self.last, self.result, self.breakdown):
            layout.addWidget(widget)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        nation = self.holder.game.nation(self.nation)
        self.ground.show_value(nation.losses.ground_res)
        self.cm.show_value(nation.losses.cm_armour_res)
        for key, spin in self.counts.items():
            spin.show_number(getattr(nation.losses, key))
        last = actions.last_count(self.holder.game, self.nation)
        self.last.setText(f"Last count: {last.summary()}" if last else "No RE count made yet.")

    def _losses(self) -> Losses:
        ground, cm = self.ground.value(), self.cm.value()
        assert ground is not None and cm is not None
        return Losses(ground, cm, **{key: spin.value() for key, spin in self.counts.items()})

    def store_losses(self) -> bool:
        """Keep the losses as entered (one undoable step), so nothing typed is lost when the game changes."""
        if not all(box.settle() for box in (self.ground, self.cm)):
            return False
        try:
            losses = self._losses()
        except RulesInputError as error:
            self.message.say(str(error))
            return False
        if losses != self.holder.game.nation(self.nation).losses:
            self.holder.apply(f"Enter the {self.nation} losses", lambda game: actions.set_losses(
                game, self.nation, losses))
        return True

    def count(self) -> None:
        if not self.store_losses():
            return
        if self.requested_by.currentIndex() < 0:
            self.message.say("Choose who asks for the count (56.E.2: the Allied side's request shows its card to "
                             "both sides).")
            return
        side = str(self.requested_by.currentData())
        game = self.holder.game
        envelope = game.nation(self.nation).envelope
        if actions.count_needs_card(game, self.nation, side) and envelope is not None and \
                envelope.mode == MAIL_DRAW:   # by e-mail: the opener's computer shows it, with his keys
            from ...core.record.keys import playing_as

            keys = playing_as()
            if actions_mail.mail_side(game, keys) != ALLIED:
                self.message.say("This count shows the card the Allied player opened by e-mail (56.E.2): he "
                                 "requests it on his own computer, with his keys.")
                return
            try:
                self._run(side, "", "", keys)
            except RulesInputError as error:
                self.message.say(str(error))
            return
        if actions.count_needs_card(game, self.nation, side) and envelope is not None and \
                envelope.mode != REAL_DECK:
            def finish(given: dict[str, str]) -> str:
                self._run(side, given[ALLIED], "")
                return ""

            def own(typed: str) -> None:
                actions.check_passphrase(self.holder.game, self.nation, ALLIED, typed)

            self.private.ask([Ask(ALLIED, "show the card for this RE count (56.E.2; it cannot be undone)",
                                  check=own)], finish, self.message.say)
            return
        try:
            self._run(side, "", self.paper_card.text())
        except RulesInputError as error:
            self.message.say(str(error))

    def _run(self, side: str, passphrase: str, typed: str, keys: PlayerKeys | None = None) -> None:
        game, result = actions.request_re_count(self.holder.game, self.nation, side, passphrase, typed, keys)
        self.holder.apply(f"RE count in {self.nation}", lambda _game: game)
        self.requested_by.setCurrentIndex(-1)   # the next count asks again
        self.paper_card.clear()
        self.show_result(result)

    def show_result(self, result: RECount) -> None:
        self.message.say("")
        self.result.setText("; ".join(f"{label}: {value}" for label, value in result.summary()))
        self.breakdown.setPlainText("\n".join(str(line) for line in result.lines))
