"""The game record's head code in the status bar: what players read out or quote ("record 7Q4M-K2XD")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QWidget

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
        code = record.code if record is not None and record.entries else ""
        self.setText(f"record {code}" if code else "")
        self.setAccessibleName(f"Game record {code}" if code else "Game record")
        self.setVisible(bool(code))
