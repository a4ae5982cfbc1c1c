"""Two computers playing a Europa game by e-mail (issue 31): each holds one player's keys in its own data folder
(a ``KeyStore`` and a ``SeenStore``); files pass between them as bytes (``gamefile.dumps`` / ``loads``)."""

from __future__ import annotations

from pathlib import Path

from awaw_desktop.core.europa import actions, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record.keys import KeyStore, PlayerKeys, play_as, take_side
from awaw_desktop.core.record.seen import SeenStore

START = EuropaTurn.parse("Jul I 1943")


class Computer:
    """One player's computer: his keys under his passphrase, what it has seen, the files it sent."""

    def __init__(self, folder: Path, side: str, passphrase: str) -> None:
        self.side, self.passphrase = side, passphrase
        self.store = KeyStore(folder / "keys")
        self.seen = SeenStore(folder / "seen")
        keys = PlayerKeys.new(side)
        self.store.save(keys, passphrase)
        self.fingerprint = keys.public.fingerprint
        self.sent: list[bytes] = []

    def keys(self) -> PlayerKeys:
        return self.store.unlock(self.fingerprint, self.passphrase)

    def receive(self, raw: bytes):
        """The game in a file this computer receives (remembered as seen, as the window does)."""
        game = gamefile.loads(raw).game
        comparison = self.seen.compare(game.record)
        self.seen.remember(game.record)
        return game, comparison

    def play(self, raw: bytes | None, change, label: str = "a step") -> bytes:
        """Receive ``raw`` (None: a new game), make ``change(game, keys)`` with this computer's keys as the window
        does (every entry it adds signed by this side), and send the file."""
        keys = self.keys()
        play_as(keys)
        try:
            game = self.receive(raw)[0] if raw is not None else None
            after = change(game, keys)
            if game is not None:
                after = game_record.recorded(game, after, label)
            self.seen.remember(after.record, own=True)
            sent = gamefile.dumps("europa", after)
        finally:
            play_as(None)
        self.sent.append(sent)
        return sent


def new_mail_game(axis: Computer, allied: Computer, nations=("Hungary",)) -> bytes:
    """A game begun on the Axis computer, each side's keys recorded on its own computer."""

    def begin(_game, keys):
        game = actions.new_game(START, "Tuesday game", "Ann", "Bob")
        for name in nations:
            game = game_record.recorded(game, actions.add_nation(game, name), f"Add {name}")
        return replace(game, record=take_side(game.record, keys, "axis", game.turn.title))

    first = axis.play(None, begin, "begin")
    return allied.play(first, lambda game, keys: replace(game, record=take_side(game.record, keys, "allied",
                                                                                   game.turn.title)))


def end_turns(computer: Computer, raw: bytes, count: int) -> bytes:
    for _ in range(count):
        raw = computer.play(raw, lambda game, _keys: actions.end_turn(game)[0], "End turn")
    return raw
