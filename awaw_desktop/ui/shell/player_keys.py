"""Game > Players' keys, for every rules family (issue 31): the keys each side of this game records, the keys kept on
this computer, making new ones, unlocking them, and playing this game as one side.

Keys are made and kept by ``core.record.keys`` (in the app's data folder, under the player's passphrase, never in a
game file).  Unlocking keys makes this computer play with them (``keys.play_as``): every entry a game that records
them for a side then gains is signed by that side.  Taking a side records the keys in the game (``keys.take_side``):
the dialog hands the new record back and the family's window stores it.  Nothing here knows a family's rules.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.lines import RulesInputError
from ...core.record.chain import GameRecord
from ...core.record.keys import KeyStore, PlayerKeys, play_as, playing_as, side_of, take_side
from ...core.record.passphrases import MIN_LENGTH, normalised, passphrase_problem
from ...core.record.pbem import SIDES
from .accessible import LiveLabel, PasswordField, announce
from .dialog_body import scrolling_body
from .plain_text import plain
from .screen import resize_within_screen

#: The shortest passphrase accepted for new keys: the app's one rule for new passphrases (``core.record.passphrases``).
MIN_PASSPHRASE = MIN_LENGTH
COMPARE_WORDS = ("Read your fingerprint to the other player once, by phone or in person, and check his against the "
                 "one this game records for his side. Then no one else can sign entries as either of you.")
CHOOSE_SIDE = "Choose a side\u2026"
CHOOSE_KEYS = "Choose keys\u2026"


def game_keys_words(record: GameRecord) -> list[str]:
    """One line per side: the fingerprint the game records for it, or that it has none yet."""
    recorded = record.player_keys()
    return [f"{word}: {recorded[side].fingerprint}" if side in recorded else f"{word}: no keys yet"
            for side, word in SIDES.items()]


def new_keys_problem(name: str, passphrase: str, again: str) -> str:
    """What is wrong with the new keys' name and passphrase, in the player's words ("" when nothing is): the
    passphrase meets the rule the envelopes' do (not too short, not a common choice, not the player's name)."""
    if not name.strip():
        return "Give your name: it tells your keys from others kept on this computer."
    length = len(normalised(passphrase))
    if length < MIN_PASSPHRASE:
        return (f"The passphrase is {length} characters long: use at least {MIN_PASSPHRASE} (a few words "
                "you will remember).")
    problem = passphrase_problem(passphrase, (name.strip(),))
    if problem:
        return f"The passphrase is refused: {problem}."
    if passphrase != again:
        return "The two passphrases differ: type the same one twice."
    return ""


class PlayerKeysDialog(QDialog):
    """Players' keys: this game's sides, this computer's keys, new keys, unlocking, and taking a side."""

    def __init__(self, record: GameRecord, turn_title: str, parent: QWidget | None = None,
                 store: KeyStore | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players' keys")
        self.setAccessibleName("Players' keys")
        self.record, self.original, self.turn_title = record, record, turn_title
        self.store = store or KeyStore()
        outer = QVBoxLayout(self)
        layout = scrolling_body(outer)

        game = QGroupBox("This game")
        game_layout = QVBoxLayout(game)
        self.game_keys = plain(LiveLabel(caption="This game's keys"))   # players' names, as the file holds them
        self.game_keys.setWordWrap(True)
        game_layout.addWidget(self.game_keys)
        self.playing = plain(LiveLabel(caption="This computer plays"))
        self.playing.setWordWrap(True)
        game_layout.addWidget(self.playing)
        compare = QLabel(COMPARE_WORDS)
        compare.setWordWrap(True)
        game_layout.addWidget(compare)
        layout.addWidget(game)

        mine = QGroupBox("Keys on this computer")
        mine_form = QFormLayout(mine)
        self.keys_choice = QComboBox()
        self.keys_choice.setAccessibleName("Keys on this computer")
        mine_form.addRow("&Keys:", self.keys_choice)
        self.passphrase = PasswordField()
        self.passphrase.setAccessibleName("Passphrase to unlock")
        mine_form.addRow("&Passphrase:", self.passphrase)
        self.unlock_button = QPushButton("&Unlock")
        self.unlock_button.setAccessibleName("Unlock")
        self.unlock_button.clicked.connect(self.unlock)
        self.passphrase.returnPressed.connect(self.unlock)
        mine_form.addRow("", self.unlock_button)
        layout.addWidget(mine)

        new = QGroupBox("Make new keys")
        new_form = QFormLayout(new)
        self.new_name = QLineEdit()
        self.new_name.setAccessibleName("Your name")
        new_form.addRow("Your &name:", self.new_name)
        self.new_passphrase = PasswordField()
        self.new_passphrase.setAccessibleName("New passphrase")
        new_form.addRow(f"Pa&ssphrase (at least {MIN_PASSPHRASE} characters):", self.new_passphrase)
        self.new_again = PasswordField()
        self.new_again.setAccessibleName("New passphrase again")
        new_form.addRow("The passphrase &again:", self.new_again)
        self.make_button = QPushButton("&Make new keys")
        self.make_button.setAccessibleName("Make new keys")
        self.make_button.clicked.connect(self.make_keys)
        new_form.addRow("", self.make_button)
        layout.addWidget(new)

        side = QGroupBox("Play this game as")
        side_row = QHBoxLayout(side)
        self.side_choice = QComboBox()
        self.side_choice.setAccessibleName("Play this game as")
        self.side_choice.addItem(CHOOSE_SIDE, "")
        for key, word in SIDES.items():
            self.side_choice.addItem(word, key)
        side_caption = QLabel("&Side:")
        side_caption.setBuddy(self.side_choice)
        side_row.addWidget(side_caption)
        side_row.addWidget(self.side_choice, 1)
        self.take_button = QPushButton("&Take this side")
        self.take_button.setAccessibleName("Take this side")
        self.take_button.clicked.connect(self.take)
        self.side_choice.currentIndexChanged.connect(self._refresh_buttons)
        side_row.addWidget(self.take_button)
        layout.addWidget(side)

        self.message = plain(LiveLabel(caption="Message"))
        self.message.setWordWrap(True)
        outer.addWidget(self.message)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        outer.addWidget(buttons)
        self.new_again.returnPressed.connect(self.make_keys)
        for button in self.findChildren(QPushButton):   # Enter does what the box it is typed in is for, nothing else
            button.setAutoDefault(False)
            button.setDefault(False)
        self._fill_keys()
        self._refresh()
        resize_within_screen(self, 560, 620)

    # -- what is shown ---------------------------------------------------------------------------
    def _fill_keys(self, chosen: str = "") -> None:
        self.keys_choice.clear()
        self.keys_choice.addItem(CHOOSE_KEYS, "")
        unlocked = playing_as()
        recorded = list(self.record.player_keys().values())
        for fingerprint, name, public in self.store.listed():
            mark = " (unlocked)" if unlocked is not None and unlocked.public == public else ""
            self.keys_choice.addItem(f"{name or 'Unnamed'} \u2014 {fingerprint}{mark}", fingerprint)
            if not chosen and public in recorded:   # the keys this game records for a side: a fact, not a choice
                chosen = fingerprint
        index = self.keys_choice.findData(chosen) if chosen else -1
        self.keys_choice.setCurrentIndex(max(index, 0))
        if self.keys_choice.count() == 1:
            self.keys_choice.setItemText(0, "No keys on this computer yet: make new keys below")

    def _refresh(self) -> None:
        self.game_keys.setText("\n".join(game_keys_words(self.record)))
        keys = playing_as()
        if keys is None:
            self.playing.setText("No keys are unlocked on this computer: the entries you add are not signed.")
        else:
            side = side_of(keys, self.record)
            who = f"{keys.name or 'Unnamed'} ({keys.public.fingerprint})"
            self.playing.setText(f"This computer plays the {SIDES[side]} side with the keys of {who}: it signs "
                                 "every entry it adds." if side else
                                 f"Unlocked: the keys of {who}. Choose the side you play in this game.")
        self._refresh_buttons()

    def _refresh_buttons(self, *_args: object) -> None:
        keys = playing_as()
        chosen = str(self.side_choice.currentData() or "")
        self.take_button.setEnabled(keys is not None and bool(chosen))
        self.take_button.setToolTip("" if keys is not None else "Unlock your keys first (or make new ones).")

    def _say(self, text: str) -> None:
        self.message.setText(text)
        announce(self.message, text)

    # -- what the player does --------------------------------------------------------------------
    def make_keys(self) -> None:
        """New keys, kept on this computer under the passphrase typed twice; unlocked at once."""
        name, passphrase, again = self.new_name.text(), self.new_passphrase.text(), self.new_again.text()
        problem = new_keys_problem(name, passphrase, again)
        if problem:
            self._say(problem)
            return
        keys = PlayerKeys.new(name.strip())
        try:
            self.store.save(keys, passphrase)
        except OSError as error:
            self._say(f"The keys could not be kept on this computer: {error}. Nothing was changed.")
            return
        play_as(keys)
        self.new_passphrase.clear()
        self.new_again.clear()
        self._fill_keys(keys.public.fingerprint)
        self._refresh()
        self._say(f"New keys made and unlocked: {keys.name}, fingerprint {keys.public.fingerprint}. Keep your "
                  "passphrase safe: without it these keys cannot be unlocked again.")

    def unlock(self) -> None:
        fingerprint = str(self.keys_choice.currentData() or "")
        if not fingerprint:
            self._say("Choose the keys to unlock first.")
            return
        try:
            keys = self.store.unlock(fingerprint, self.passphrase.text())
        except RulesInputError as error:
            self._say(f"Not unlocked: {error}. Type the passphrase again; nothing was changed.")
            self.passphrase.selectAll()
            return
        play_as(keys)
        self.passphrase.clear()
        self._fill_keys(fingerprint)
        self._refresh()
        self._say(f"Unlocked: {keys.name or 'Unnamed'}, fingerprint {fingerprint}.")

    def take(self) -> None:
        """Record the unlocked keys as the chosen side's in this game (signed by them)."""
        keys = playing_as()
        side = str(self.side_choice.currentData() or "")
        if keys is None or not side:
            self._say("Unlock your keys and choose a side first.")
            return
        already = side_of(keys, self.record)
        if already is not None and already != side:
            self._say(f"These keys already play the {SIDES[already]} side of this game: each side plays with keys "
                      "of its own.")
            return
        try:
            self.record = take_side(self.record, keys, side, self.turn_title)
        except RulesInputError as error:
            self._say(f"Not taken: {error}.")
            return
        self._refresh()
        self._say(f"This game now records your keys for the {SIDES[side]} side. Save or send the game so the other "
                  "player has them.")

    def changed_record(self) -> GameRecord | None:
        """The record with the side taken, or None if the game is as it was."""
        return None if self.record is self.original or self.record == self.original else self.record


def open_player_keys(parent: QWidget, record: GameRecord, turn_title: str) -> GameRecord | None:
    """Game > Players' keys: the dialog, modal; the record with a side taken (the caller stores it), or None."""
    dialog = PlayerKeysDialog(record, turn_title, parent)
    dialog.exec()
    found = dialog.changed_record()
    dialog.deleteLater()
    return found
