"""The game record's head code in the status bar: what players read out or quote ("record 7Q4M-K2XD")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

if TYPE_CHECKING:
    from ...core.record.chain import GameRecord


class RecordCode(QLabel):
    """Shows the code of a record's head; hidden while there is no record to quote."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordCode")
        self.setToolTip("The game record's head: read it out or quote it in an e-mail, so the other player can tell "
                        "he has the same game. View > Game record lists every entry.")
        self.setAccessibleName("Game record")
        self.hide()

    def show_record(self, record: GameRecord | None) -> None:
        """The code, and who signs what is added on this computer when keys are in play ("signed: Allied")."""
        code = record.code if record is not None and record.entries else ""
        side = signing_side(record) if code and record is not None else None
        signed = f" \u00b7 signed: {side_word(side)}" if side else ""
        self.setText(f"record {code}{signed}" if code else "")
        self.setAccessibleName(f"Game record {code}{signed}" if code else "Game record")
        self.setVisible(bool(code))


def signing_side(record: GameRecord) -> str | None:
    """The side whose keys this computer plays with in this game (None: no keys unlocked, or not a side of this
    game).  A game played at one table never loads the keys' module (``cryptography``)."""
    import sys

    keys = sys.modules.get("awaw_desktop.core.record.keys")
    signer = None if keys is None else keys.signer_for(record)
    return None if signer is None else str(signer.side)


def side_word(side: str) -> str:
    from ...core.record.pbem import side_word as word

    return word(side)


#: The status bar's words for a game that records the players' keys, open where none of them is unlocked (a first-time
#: player with no keys, or one who has not unlocked his yet).
UNSIGNED_HINT = ("This game records the players' keys; this computer has none of them unlocked: File > Players' keys. "
                 "What is added here before that is not signed.")


def keys_recorded(record: GameRecord) -> bool:
    """The players recorded their keys in this game (play by e-mail, signed)."""
    return any(entry.kind == "key" for entry in record.entries)


def unsigned_hint(record: GameRecord) -> str:
    """A game whose players recorded their keys, open where neither side's keys are unlocked: what is added here would
    not be signed ("" when there is nothing to say)."""
    if signing_side(record) is not None or not keys_recorded(record):
        return ""
    return UNSIGNED_HINT


def refresh_unsigned_hint(status: QStatusBar, record: GameRecord) -> None:
    """After File > Players' keys: the hint goes once a side signs here (keys unlocked, a side taken), and is said
    again while none does."""
    hint = unsigned_hint(record)
    if hint:
        status.showMessage(hint, 15000)
    elif status.currentMessage() == UNSIGNED_HINT:
        status.clearMessage()
