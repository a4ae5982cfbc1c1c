"""What a screen reader hears of a Europa game as it changes (issue 29): each nation's change of state (its envelope
drawn, opened, in effect, shown; a surrender; a defection) and a new game turn, announced as they happen.

Only a nation's state is said, in the words of its chips (``tones``), never its card: a card is heard only in the
private view the Allied player asked for (``cover.PrivateScreen``)."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from ...core.europa.state import EuropaGame
from ..shell.accessible import announce
from .holder import EuropaGameHolder
from .tones import defection_words, stage_words, surrender_words

#: A nation's state as said: (what, words), in the order the nation panel shows them.
State = tuple[tuple[str, str], ...]


def states(game: EuropaGame) -> dict[str, State]:
    """Every nation's envelope, surrender and defection in the chips' words (no card in them)."""
    return {nation.name: (("envelope", stage_words(nation, game.turn)[1]),
                          ("surrender", surrender_words(nation)[1]),
                          ("defection", defection_words(nation)[1])) for nation in game.nations}


def changes(before: EuropaGame, after: EuropaGame) -> list[str]:
    """What a screen reader is told of the change from ``before`` to ``after``: the new turn, then each nation's
    states that changed ("Croatia envelope: Opened, not in effect")."""
    said = [f"Game turn now {after.turn}"] if after.turn != before.turn else []
    old = states(before)
    for name, now in states(after).items():
        was = dict(old.get(name, ()))
        said.extend(f"{name} {what}: {words}" for what, words in now if was and was.get(what) != words)
    return said


class NationVoice(QObject):
    """Announces each change of a game's nations as the holder changes it (a change, an undo, a redo)."""

    def __init__(self, holder: EuropaGameHolder, speaker: QWidget) -> None:
        super().__init__(holder)
        self.holder, self.speaker = holder, speaker
        self.last = holder.game
        holder.changed.connect(self.changed)

    def changed(self) -> None:
        game = self.holder.game
        for message in changes(self.last, game):
            announce(self.speaker, message)
        self.last = game
