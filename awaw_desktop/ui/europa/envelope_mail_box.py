"""The steps of an envelope drawn between two computers (56.E.1, play by e-mail), in a nation's envelope box.

Shown when the game records both sides' keys and this computer plays one of them (``core.record.keys.playing_as``):
each step's button is enabled only on the computer of the side it belongs to, at its stage, and a line says whose
step comes next.  Every step is an entry of the record, signed by this computer's side; the Allied player sees the
card he opens in the private view, as at one table, once the opening is recorded."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QGridLayout, QMessageBox, QPushButton, QVBoxLayout, QWidget

from ...core.europa import actions_mail
from ...core.europa.draw import ALLIED, SIDE_TITLES
from ...core.europa.envelope import Stage
from ...core.europa.envelope_mail import ADD, CONSENT, DRAW, OPEN, SHOW
from ...core.europa.state import EuropaGame
from ...core.lines import RulesInputError
from ...core.record.keys import PlayerKeys, playing_as
from ..shell.accessible import LiveLabel
from .cover import PrivateScreen
from .holder import EuropaGameHolder
from .messages import sentence

#: The buttons of the steps, in order: (step, the player's words).
STEP_BUTTONS = ((DRAW, "Add the Axis secret"), (ADD, "Add the Allied secret"), (CONSENT, "Give consent to open"),
                (OPEN, "Open (Allied player)"), (SHOW, "Show the card"))
FINAL = "This cannot be undone: a card once seen stays seen (56.E.1)."


def mail_keys(game: EuropaGame) -> tuple[PlayerKeys | None, str]:
    """The keys this computer plays with and their side in ``game`` ("" when the game is not played by e-mail
    here: both sides' keys recorded, this computer playing one of them)."""
    keys = playing_as()
    return keys, actions_mail.mail_side(game, keys)


def keys_side(record: object) -> str:
    """The side the keys this computer plays with sign for in a game's record ("" when none)."""
    from ...core.record.keys import signer_for

    signer = signer_for(record)
    return signer.side if signer is not None else ""


class MailSteps(QWidget):
    """The five steps and the line saying whose step comes next."""

    def __init__(self, holder: EuropaGameHolder, nation: str, private: PrivateScreen, say: Callable[[str], None],
                 card_text: Callable[[str], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.holder, self.nation, self.private, self._say, self._card_text = holder, nation, private, say, card_text
        self.next_line = LiveLabel()
        self.next_line.setWordWrap(True)
        self.next_line.setAccessibleName("Next step by e-mail")
        self.buttons: dict[str, QPushButton] = {}
        slots = {DRAW: self.draw, ADD: self.add_secret, CONSENT: self.consent, OPEN: self.open_envelope,
                 SHOW: self.show_card}
        grid = QGridLayout()
        for index, (step, text) in enumerate(STEP_BUTTONS):
            button = QPushButton(text)
            button.setAccessibleName(text)
            button.clicked.connect(slots[step])
            grid.addWidget(button, *divmod(index, 3))
            self.buttons[step] = button
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.next_line)
        layout.addLayout(grid)

    def refresh(self) -> bool:
        """Update the buttons and the line; False (and hidden) when the game is not played by e-mail here."""
        game = self.holder.game
        _keys, mine = mail_keys(game)
        self.setVisible(bool(mine))
        if not mine:
            return False
        step, side, words = actions_mail.next_step(game, self.nation)
        envelope = game.nation(self.nation).envelope
        due = step == SHOW and envelope is not None and envelope.stage(game.turn) is not Stage.TO_SHOW
        if step == SHOW and envelope is not None and due:
            words = f"the Allied player shows the card to both sides on {envelope.show_due}"
        whose = ("your step" if side == mine else f"the {SIDE_TITLES[side]} player's, on his computer: send him "
                 "the file") if step else ""
        self.next_line.setText(f"Play by e-mail (this computer plays the {SIDE_TITLES[mine]} side). "
                               + (f"Next: {words} \u2014 {whose}." if step else
                                  "No step by e-mail is due for this envelope."))
        for key, button in self.buttons.items():
            belongs = actions_mail.next_step_side(key)
            enabled = key == step and belongs == mine and not due
            button.setEnabled(enabled)
            reason = (f"The {SIDE_TITLES[belongs]} player's step, on his own computer." if belongs != mine else
                      sentence(f"not now: next, {words}" if step else "not now: no step is due"))
            button.setToolTip("" if enabled else reason)
        return True

    def opener(self) -> bool:
        """This computer plays the Allied side by e-mail: the opener, who may look at an opened card."""
        return mail_keys(self.holder.game)[1] == ALLIED

    # -- the steps ---------------------------------------------------------------------------
    def _keys(self) -> PlayerKeys:
        keys = playing_as()
        if keys is None:
            raise RulesInputError("no player's keys are unlocked on this computer")
        return keys

    def _apply(self, label: str, change: Callable[[EuropaGame, PlayerKeys], EuropaGame], done: str) -> None:
        try:
            keys = self._keys()
            self.holder.apply(label, lambda game: change(game, keys))
        except RulesInputError as error:
            self._say(str(error))
            return
        self._say(done)

    def draw(self) -> None:
        self._apply(f"Draw a card by e-mail for {self.nation}",
                    lambda game, keys: actions_mail.draw_by_mail(game, self.nation, keys),
                    "The Axis secret is added and sealed to your key. Send the file to the Allied player: he adds "
                    "his secret next. Nobody has seen the card.")

    def add_secret(self) -> None:
        self._apply(f"Add the Allied secret for {self.nation}",
                    lambda game, keys: actions_mail.add_secret_by_mail(game, self.nation, keys),
                    "The Allied secret is added and sealed to your key. Send the file to the Axis player: he gives "
                    "his consent to open next. Nobody has seen the card.")

    def consent(self) -> None:
        from ..shell.record_open import seen_store

        seen = [entry.summary for entry in seen_store().entries_seen(self.holder.game.record.game_id)]
        self._apply(f"Give consent to open the {self.nation} envelope",
                    lambda game, keys: actions_mail.give_consent(game, self.nation, keys, seen),
                    "Consent given: the Axis secret is sealed to the Allied player's key, so he may open the "
                    "envelope alone when he chooses. You will not see the card until it is shown.")

    def open_envelope(self) -> None:
        asked = QMessageBox.question(self, "Open the envelope", f"Open the {self.nation} envelope now? The card "
                                     "comes into effect one month from now, and the opening is recorded, signed "
                                     "by you. It cannot be undone.")
        if asked != QMessageBox.StandardButton.Yes:
            self._say("Cancelled: nothing changed.")
            return
        try:
            game, card = actions_mail.open_by_mail(self.holder.game, self.nation, self._keys())
        except RulesInputError as error:
            self._say(str(error))
            return
        self.holder.apply(f"Open the {self.nation} envelope", lambda _game: game)   # recorded before it is shown
        self._say(f"The Allied side opened the envelope. {FINAL}")
        self.private.show_private(self._card_text(card))

    def look(self) -> None:
        try:
            card = actions_mail.look_by_mail(self.holder.game, self.nation, self._keys())
        except RulesInputError as error:
            self._say(str(error))
            return
        self.private.show_private(self._card_text(card))

    def show_card(self) -> None:
        self._apply(f"Show the {self.nation} card", lambda game, keys: actions_mail.show_by_mail(
            game, self.nation, keys), f"The card is shown to both sides. Send the file to the Axis player: his "
                                      f"computer works it out again from both secrets. {FINAL}")

