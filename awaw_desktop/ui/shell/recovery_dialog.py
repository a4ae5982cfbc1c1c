"""After a crash: the games the app kept, each to recover now, keep for later or discard (the game of any rules
family; ``core.files.recovery`` reads and writes the files)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QGridLayout, QLabel, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from ...core.files.recovery import RecoveryEntry


#: What the player chooses for each leftover recovery file: (key, text).
RECOVERY_CHOICES = (("recover", "Recover now"), ("keep", "Keep for later"), ("discard", "Discard"))


def recovery_name(entry: RecoveryEntry) -> str:
    """A recovered game is named as the window names it: by its file, else by its title."""
    if entry.source_path is not None:
        return entry.source_path.name
    return entry.title or "Untitled game"


class RecoveryDialog(QDialog):
    """After a crash: every leftover recovery file (title, file, turn, time), each with its own
    choice.  One can be recovered now; only what the player marks "Discard" is deleted."""

    def __init__(self, entries: list[RecoveryEntry], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Recover unsaved work?")
        self.entries = entries
        outer = QVBoxLayout(self)
        count = "A game" if len(entries) == 1 else f"{len(entries)} games"
        intro = QLabel(f"awaw-desktop did not close cleanly. {count} with unsaved changes "
                       f"{'was' if len(entries) == 1 else 'were'} kept. Choose what to do with each.")
        intro.setWordWrap(True)
        outer.addWidget(intro)
        grid = QGridLayout()
        for column, heading in enumerate(("Game", "File", "Turn", "Last changed", "")):
            grid.addWidget(QLabel(f"<b>{heading}</b>"), 0, column)
        self.choices: dict[str, QComboBox] = {}
        for row, entry in enumerate(entries, start=1):
            name = recovery_name(entry)
            title = QLabel(entry.title or "Untitled game")
            title.setTextFormat(Qt.TextFormat.PlainText)
            where = QLabel(str(entry.source_path) if entry.source_path else "never saved")
            where.setTextFormat(Qt.TextFormat.PlainText)
            where.setToolTip(str(entry.source_path or ""))
            combo = QComboBox()
            for key, text in RECOVERY_CHOICES:
                combo.addItem(text, key)
            combo.setCurrentIndex(0 if row == 1 else 1)
            combo.setAccessibleName(f"{name}, {entry.turn.title}, {entry.saved_at:%Y-%m-%d %H:%M}")
            combo.currentIndexChanged.connect(lambda _index, key=entry.id: self._one_recovered(key))
            for column, widget in enumerate((title, where, QLabel(entry.turn.title),
                                             QLabel(f"{entry.saved_at:%Y-%m-%d %H:%M}"), combo)):
                grid.addWidget(widget, row, column)
            self.choices[entry.id] = combo
        grid.setColumnStretch(1, 1)
        outer.addLayout(grid)
        note = QLabel("Only one game can be open at a time; the ones kept for later are offered again at the "
                      "next start.")
        note.setWordWrap(True)
        outer.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Go on")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Decide later")
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip("Keeps every recovery file as it is")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)

    def _one_recovered(self, chosen: str) -> None:
        """Only one game can be recovered into the window: another "Recover now" becomes "Keep"."""
        if self.choices[chosen].currentData() != "recover":
            return
        for key, combo in self.choices.items():
            if key != chosen and combo.currentData() == "recover":
                combo.setCurrentIndex(1)

    def decisions(self) -> dict[str, str]:
        """Recovery id -> "recover", "keep" or "discard" (all "keep" if the dialog was not accepted)."""
        if self.result() != QDialog.DialogCode.Accepted:
            return {key: "keep" for key in self.choices}
        return {key: str(combo.currentData()) for key, combo in self.choices.items()}
