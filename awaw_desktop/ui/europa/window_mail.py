"""Play by e-mail in the Europa window (issue 31): File > Players' keys and File > Send turn, through the shell's
dialogs (``ui.shell.player_keys``, ``ui.shell.send_turn``), as the A World at War window has them.

A side taken is an entry of the game record, never an undo step; unlocking keys changes who signs on this computer,
and so which e-mail steps an envelope's box offers (``envelope_box``): the window is told either way.  Sending a turn
records it as sent (an entry signed on this computer, which also reveals this side's next app dice) before the file
is written."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QStatusBar, QWidget

from ...core.europa.family import KEY
from ...core.files import gamefile
from ...core.files.atomic_file import SessionFileError
from ..shell.record_code import refresh_unsigned_hint, unsigned_hint

if TYPE_CHECKING:
    from ...core.record.chain import GameRecord
    from ..shell.record_code import RecordCode
    from .holder import EuropaGameHolder


class EuropaWindow(Protocol):
    """What these commands use of the Europa window (``window.EuropaWindow``, which imports this module)."""

    holder: EuropaGameHolder | None
    path: Path | None
    record_code: RecordCode

    autosave_timer: QTimer
    unsigned_end_warned: bool

    def statusBar(self) -> QStatusBar: ...

    def discard_recovery(self) -> None: ...


def _parent(window: EuropaWindow) -> QWidget:
    assert isinstance(window, QWidget)
    return window


def player_keys(window: EuropaWindow) -> None:
    """File > Players' keys: this computer's keys, and the side it plays in this game."""
    from ..shell.player_keys import open_player_keys

    holder = window.holder
    if holder is None:
        return
    record = open_player_keys(_parent(window), holder.game.record, holder.game.turn.title)
    if record is not None:
        holder.replace_record(record)
    else:
        holder.changed.emit()   # keys unlocked or not: the envelopes' e-mail steps follow
    window.record_code.show_record(holder.game.record)
    refresh_unsigned_hint(window.statusBar(), holder.game.record)


def unsigned_end_ok(window: EuropaWindow) -> bool:
    """Turn > End turn in a game that records the players' keys, none of them unlocked here: said once a session,
    before anything is added (as Send turn says it each time).  False: the turn is not ended."""
    holder = window.holder
    if holder is None or window.unsigned_end_warned or not unsigned_hint(holder.game.record):
        return True
    from ..shell.send_turn import unsigned_go_on  # only in play by e-mail

    if not unsigned_go_on(_parent(window), lambda: holder.game.record, lambda: player_keys(window), "end"):
        return False
    window.unsigned_end_warned = True
    return True


def show_unsigned_hint(window: EuropaWindow) -> None:
    """A game that records the players' keys, none of them unlocked here: the status bar says so."""
    holder = window.holder
    hint = unsigned_hint(holder.game.record) if holder is not None else ""
    if hint:
        window.statusBar().showMessage(hint, 15000)


def send_turn(window: EuropaWindow) -> None:
    """File > Send turn: the game written to a file named for the game, the turn and the side to move next, with the
    code to quote in the e-mail.  That file holds the game as it stands: it is the window's file from then on, and the
    game counts as saved."""
    from ...core.europa import game_record
    from ...core.frozen import replace
    from ...core.record.pbem import side_word
    from ..shell.send_turn import send_turn as send_dialog
    from ..shell.send_turn import unsigned_go_on

    holder = window.holder
    if holder is None:
        return
    try:
        gamefile.dumps(KEY, holder.game)   # a game no file can hold is said before anything is asked
    except SessionFileError as error:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(_parent(window), "Cannot send this turn", f"{error}\n\nNothing was written.")
        return
    if not unsigned_go_on(_parent(window), lambda: holder.game.record, lambda: player_keys(window)):
        return

    def sent(side: str) -> tuple[GameRecord, bytes]:
        """The record with the turn as sent (signed here), and the file's bytes; the game unchanged until written."""
        game = holder.game
        record = game_record.record_step(game, game.record, [("sent", f"The {side_word(side)} player moves next",
                                                              "", {}, "")])
        return record, gamefile.dumps(KEY, replace(game, record=record))

    game = holder.game
    written = send_dialog(_parent(window), game_title=game.title or (window.path.stem if window.path else ""),
                          turn_title=game.turn.title, record=game.record, data=sent,
                          folder=window.path.parent if window.path else None,
                          keep=holder.replace_record)   # unsaved until setClean below: the file holds it
    if written is not None:   # the file holds the game as it stands: the window's file from now on, saved
        from ..shell.recent import remember

        window.path = written
        holder.undo_stack.setClean()   # the title follows (cleanChanged)
        window.autosave_timer.stop()
        window.discard_recovery()
        remember(written)
        window.statusBar().showMessage(f"Turn sent: {written.name} (record {holder.game.record.code}), saved; this "
                                       "window now shows that file", 10000)
