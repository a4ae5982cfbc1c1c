"""Turn > Go back: pick a past end of turn (or wizard outcome) and return the game to the moment before it,
as one new undoable step.  The steps come from the game's checkpoints, which the file keeps."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ...core.awaw.common import Turn
from ...core.awaw.session import Session
from ..shell.screen import resize_within_screen


def step_words(point: dict) -> str:
    turn = Turn(point["turn"]["year"], point["turn"]["season"])
    return f"{turn.title}: before \u201c{point['title']}\u201d"


class GoBackDialog(QDialog):
    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Go back to an earlier moment")
        layout = QVBoxLayout(self)
        intro = QLabel("Choose a step: the game returns to the moment just before it. The record after it is "
                       "dropped; Edit > Undo brings it all back.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.steps = QListWidget()
        self.steps.setAccessibleName("Earlier steps")
        for index in reversed(range(len(session.checkpoints))):
            item = QListWidgetItem(step_words(session.checkpoints[index]))
            item.setData(256, index)
            self.steps.addItem(item)
        self.steps.setCurrentRow(0)   # the latest step; the list says what each one is
        layout.addWidget(self.steps, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Go back")
        self.ok.setAccessibleName("Go back")
        self.ok.setEnabled(self.steps.currentRow() >= 0)
        self.ok.setToolTip("Return the game to the moment before the chosen step.")
        self.steps.currentRowChanged.connect(lambda row: self.ok.setEnabled(row >= 0))
        self.steps.itemDoubleClicked.connect(lambda _item: self.accept())
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        resize_within_screen(self, 520, 420)   # a 200% laptop screen is 640x360

    def chosen(self) -> int | None:
        item = self.steps.currentItem()
        return None if item is None else int(item.data(256))
