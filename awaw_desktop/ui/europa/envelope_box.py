"""A nation's national will envelope (56.E.1): its stage and dates, and the steps of its life."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGridLayout, QGroupBox, QLineEdit, QPushButton, QVBoxLayout, QWidget

from ...core.europa import actions
from ...core.europa.cards import card_name, effect
from ...core.europa.draw import ALLIED, AXIS, SIDE_TITLES
from ...core.europa.envelope import REAL_DECK, SEALED_DRAW, Stage
from ...core.europa.mail_draw import MAIL_DRAW
from ...core.europa.passphrases import check_new_passphrase
from ...core.europa.report import envelope_view
from ...core.europa.state import EuropaGame
from ...core.lines import RulesInputError
from ...core.record import pbem
from ..shell.accessible import LiveLabel, announce
from .cover import Ask, PrivateScreen
from .envelope_mail_box import MailSteps, keys_side
from .holder import EuropaGameHolder
from .messages import sentence

#: Said after a step in which a player sees a card (the holder empties the undo history up to it).
FINAL = "This cannot be undone: a card once seen stays seen (56.E.1)."


def card_text(code: str) -> str:
    return f"{card_name(code)}: {effect(code).label}"


class EnvelopeBox(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, private: PrivateScreen,
                 parent: QWidget | None = None) -> None:
        super().__init__("National will envelope (56.E.1)", parent)
        self.holder, self.nation, self.private = holder, nation, private
        self.stage = LiveLabel()
        self.stage.setAccessibleName("Envelope stage")
        self.dates = LiveLabel()
        self.dates.setAccessibleName("Envelope dates")
        self.message = LiveLabel()
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Envelope message")
        self.paper_card = QLineEdit()
        self.paper_card.setPlaceholderText("e.g. QH or queen of hearts")
        self.paper_card.setAccessibleName("Card from the paper envelope")
        self.buttons: dict[str, QPushButton] = {}
        self.row = row = QGridLayout()   # two rows: drawing, then the card's life (fits a narrow or zoomed window)
        for index, (key, text, slot) in enumerate( (("draw", "Draw a sealed card", self.draw_sealed),
                                ("paper", "Draw a paper card", self.draw_paper),
                                ("open", "Open the envelope (Allied)", self.open_envelope),
                                ("look", "Look at the card (Allied)", self.look),
                                ("show", "Show the card to both sides", self.show_card),
                                ("void", "Void (a passphrase was lost)\u2026", self.void_envelope))):
            button = QPushButton(text)
            button.setAccessibleName(text)
            button.clicked.connect(slot)
            row.addWidget(button, *divmod(index + (1 if index > 1 else 0), 3))
            self.buttons[key] = button
        layout = QVBoxLayout(self)
        for widget in (self.stage, self.dates):
            widget.setWordWrap(True)
            layout.addWidget(widget)
        layout.addLayout(row)
        #: By e-mail each side keeps its part of every secret: a paper envelope or a draw at one table is offered
        #: only once both players agreed to it, each on his own computer; until then, the player may record his.
        self.agree_buttons: dict[str, QPushButton] = {}
        agreeing = QGridLayout()
        for index, (what, text) in enumerate(((pbem.PAPER_ENVELOPES, "Agree to paper envelopes"),
                                              (pbem.TABLE_DRAWS, "Agree to draws at one table"))):
            button = QPushButton(text)
            button.setAccessibleName(text)
            button.clicked.connect(lambda _checked=False, what=what: self.agree(what))
            agreeing.addWidget(button, 0, index)
            self.agree_buttons[what] = button
        layout.addLayout(agreeing)
        self.mail = MailSteps(holder, nation, private, self._say, card_text)
        layout.addWidget(self.mail)
        layout.addWidget(self.paper_card)
        layout.addWidget(self.message)
        holder.changed.connect(self.refresh)
        self.refresh()

    # -- reading -----------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.holder.game
        nation = game.nation(self.nation)
        envelope = nation.envelope
        stage = envelope.stage(game.turn) if envelope else None
        if envelope is None or stage is None:
            self.stage.setText("No card drawn")
            self.dates.setText("")
        else:
            view = envelope_view(envelope, game.turn)
            shown = f" \u2014 {card_text(view.card)}" if view.card else ""
            effect_now = "in effect now" if view.in_effect else "no effect now"
            self.stage.setText(f"{stage.title} ({effect_now}){shown}" if nation.active else
                               f"No more effect: {self.nation} is no longer an Axis-Allied nation{shown}")
            self.dates.setText("; ".join(f"{label}: {date}" for label, date in view.dates))
        can_draw = nation.active and (envelope is None or stage in (Stage.DISCARDED, Stage.VOIDED))
        gone = "" if nation.active else (f"{self.nation} is no longer an Axis-Allied nation (56.A, 56.B): its "
                                         "envelope is not drawn or opened any more.")
        opened_private = stage in (Stage.OPENED, Stage.PRIVATE, Stage.TO_SHOW)
        paper = envelope is not None and envelope.mode == REAL_DECK
        by_mail = envelope is not None and envelope.mode == MAIL_DRAW
        mailing = self.mail.refresh()   # play by e-mail here: a card is drawn by e-mail, not at one table
        table_envelope = envelope is not None and envelope.mode in (SEALED_DRAW, REAL_DECK)
        self._lay_out(mailing and table_envelope, mailing, mailing and pbem.agreed(game.record, pbem.TABLE_DRAWS))
        here = "By e-mail: the Allied player opens and shows it on his own computer, with his keys."
        one = gone or "One envelope per nation at a time: a new card after the current one is discarded (56.E.1)."
        record = game.record
        waits = {what: sentence(pbem.waiting_for(record, what)) if pbem.waiting_for(record, what) else ""
                 for what in (pbem.PAPER_ENVELOPES, pbem.TABLE_DRAWS)}
        at_table = waits[pbem.PAPER_ENVELOPES] if paper else waits[pbem.TABLE_DRAWS] if not by_mail else ""
        why = {
            "draw": (can_draw and not waits[pbem.TABLE_DRAWS], waits[pbem.TABLE_DRAWS] or one),
            "paper": (can_draw and not waits[pbem.PAPER_ENVELOPES], waits[pbem.PAPER_ENVELOPES] or one),
            "open": (stage is Stage.SEALED and nation.active and not by_mail and not at_table,
                     here if by_mail else at_table or gone or (
                         "Only a sealed envelope can be opened." if envelope else "Draw a card first.")),
            "look": (opened_private and not paper and (not by_mail or self.mail.opener()),
                     "A paper card is looked at on the table." if paper else here if by_mail else
                     "Only the opener looks, between the opening and the showing (56.E.1)."),
            "show": (stage is Stage.TO_SHOW and not by_mail and not at_table,
                     here if by_mail else at_table or "The card is shown to both sides two months after it was "
                                                      "opened (56.E.1)."),
            "void": (nation.active and envelope is not None and envelope.mode != REAL_DECK and not envelope.card
                     and stage not in (Stage.DISCARDED, Stage.VOIDED),
                     "Only a sealed or opened card not yet shown can be voided, by both players' agreement."),
        }
        for key, (enabled, reason) in why.items():
            self.buttons[key].setEnabled(enabled)
            self.buttons[key].setToolTip("" if enabled else reason)
        self.paper_card.setVisible(paper and stage is Stage.TO_SHOW and not at_table)
        signer_side = mailing and keys_side(record)
        for what, button in self.agree_buttons.items():
            mine = bool(signer_side) and signer_side in pbem.agreed_by(record, what)
            button.setVisible(bool(waits[what]) and bool(signer_side) and nation.active)
            button.setEnabled(not mine)
            button.setToolTip("You have agreed: the other player agrees on his own computer." if mine else
                              "Record, signed with your keys, that you agree; the other player agrees on his own "
                              "computer.")

    def agree(self, what: str) -> None:
        """This player's agreement to paper envelopes or draws at one table, signed with his keys; the other player
        agrees on his own computer (``core.record.pbem``)."""
        try:
            record = pbem.agree(self.holder.game.record, what, self.holder.game.turn.title)
        except RulesInputError as error:
            self._say(str(error))
            return
        self.holder.replace_record(record)
        left = pbem.waiting_for(record, what)
        self._say("Your agreement is recorded and signed. The other player agrees on his own computer; until "
                  "then, draw by e-mail." if left else "Both players agreed: the envelope may be played at one table.")

    def _lay_out(self, one_table_envelope: bool, mailing: bool, table_draws: bool = False) -> None:
        """The buttons in rows of three: drawing, then the card's life.  Played by e-mail here, a sealed card is drawn,
        opened and shown by the e-mail steps: their one-table buttons go (unless this envelope was drawn at one
        table, or paper, or both players agreed to draws at one table), and the rest close up."""
        hidden = ({"open", "show"} if mailing and not one_table_envelope else set()) | (
            {"draw"} if mailing and not table_draws else set())
        drawing = [key for key in ("draw", "paper") if key not in hidden]
        life = [key for key in ("open", "look", "show", "void") if key not in hidden]
        order = drawing + ([""] * (-len(drawing) % 3) if not mailing else []) + life
        for key, button in self.buttons.items():
            self.row.removeWidget(button)
            button.setVisible(key not in hidden)
        for index, key in enumerate(order):
            if key:
                self.row.addWidget(self.buttons[key], *divmod(index, 3))

    def _say(self, message: str) -> None:
        self.message.setText(sentence(message))
        announce(self.message, sentence(message))   # never a card: the steps' words only

    def _own(self, side: str) -> Callable[[str], None]:
        """Checks a passphrase as its player types it: his own for this envelope."""
        return lambda typed: actions.check_passphrase(self.holder.game, self.nation, side, typed)

    # -- the steps ---------------------------------------------------------------------------
    def draw_sealed(self) -> None:
        def finish(given: dict[str, str]) -> str:
            self.holder.apply(f"Draw a sealed card for {self.nation}", lambda game: actions.draw_envelope(
                game, self.nation, given[AXIS], given[ALLIED]))
            self._say("A card was drawn and sealed. Nobody has seen it.")
            return ""

        names = actions.passphrase_names(self.holder.game)

        def strong(side: str) -> Callable[[str], object]:
            # Never compared with the other side's passphrase: a refusal would tell the Allied player the Axis one.
            return lambda typed: check_new_passphrase(typed, SIDE_TITLES[side], names)

        purpose = ("seal your part of the draw. One passphrase per player per game is enough: use the same one for "
                   "every envelope. Remember it: it cannot be recovered")
        self.private.ask([Ask(side, purpose, True, strong(side)) for side in (AXIS, ALLIED)], finish, self._say)

    def draw_paper(self) -> None:
        self._apply(f"Draw a paper card for {self.nation}", lambda game: actions.draw_paper_envelope(game, self.nation),
                    "Put a real card in an envelope marked with the nation's name.")

    def open_envelope(self) -> None:
        envelope = self.holder.game.nation(self.nation).envelope
        if envelope is not None and envelope.mode == REAL_DECK:
            self._apply(f"Open the {self.nation} envelope", lambda game: actions.open_envelope(game, self.nation)[0],
                        f"Opened: the Allied player looks at the paper card and puts it back. {FINAL}")
            return

        def finish(given: dict[str, str]) -> str:
            game, card = actions.open_envelope(self.holder.game, self.nation, given[AXIS], given[ALLIED])
            self.holder.apply(f"Open the {self.nation} envelope", lambda _game: game)
            self._say(f"The Allied side opened the envelope. {FINAL}")
            return card_text(card)

        consent = ("let the Allied side open the envelope: it was sealed with both sides' passphrases, so yours is "
                   "needed too (it cannot be undone)")
        self.private.ask([Ask(AXIS, consent, check=self._own(AXIS)),
                          Ask(ALLIED, "open the envelope (it cannot be undone)", check=self._own(ALLIED))],
                         finish, self._say)

    def look(self) -> None:
        envelope = self.holder.game.nation(self.nation).envelope
        if envelope is not None and envelope.mode == MAIL_DRAW:
            self.mail.look()
            return

        def finish(given: dict[str, str]) -> str:
            return card_text(actions.peek_card(self.holder.game, self.nation, given[ALLIED]))

        self.private.ask([Ask(ALLIED, "look at the card", check=self._own(ALLIED))], finish, self._say)

    def show_card(self) -> None:
        envelope = self.holder.game.nation(self.nation).envelope
        if envelope is not None and envelope.mode == REAL_DECK:
            typed = self.paper_card.text()
            self._apply(f"Show the {self.nation} card", lambda game: actions.show_card(game, self.nation,
                                                                                       typed_card=typed),
                        f"The card is shown to both sides. {FINAL}")
            return

        def finish(given: dict[str, str]) -> str:
            self.holder.apply(f"Show the {self.nation} card", lambda game: actions.show_card(
                game, self.nation, given[ALLIED]))
            self._say(f"The card is shown to both sides. {FINAL}")
            return ""

        self.private.ask([Ask(ALLIED, "show the card to both sides (it cannot be undone)", check=self._own(ALLIED))],
                         finish, self._say)

    def void_envelope(self) -> None:
        """Both players agree to void the envelope (a passphrase was lost): no card, no effect, a new draw."""
        from .void_dialog import VoidDialog

        game = self.holder.game
        dialog = VoidDialog(self.nation, game.player(AXIS), game.player(ALLIED), self)
        if dialog.exec():
            why = dialog.why()
            self._apply(f"Void the {self.nation} envelope", lambda game: actions.void_envelope(game, self.nation, why),
                        "Voided by both players' agreement: nobody will see its card, and a new card may be drawn "
                        "now.")

    def _apply(self, label: str, change: Callable[[EuropaGame], EuropaGame], done: str) -> None:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self._say(str(error))
            return
        self._say(done)
