"""The question before a surrender wizard throws away what the players entered in it.

The players' ways out ask first when anything was entered: Esc, the Cancel button and the window's
close button.  "Keep editing" is the default, so Enter or Esc on the question never loses work.  Nothing
entered: the wizard closes at once.  A wizard closed by the program (``reject()``, ``close()``) does not
ask: only the players' own ways out do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QCloseEvent, QKeyEvent

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

#: The question's buttons, as the player reads them.
DISCARD, KEEP_EDITING = "Discard", "Keep editing"


def may_discard(parent: QWidget, procedure: str) -> bool:
    """Ask before the players' answers to ``procedure`` ("the French surrender") are thrown away;
    True if they choose to discard them."""
    from PySide6.QtWidgets import QMessageBox  # loaded when used (start-up)

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(f"Close {procedure}")
    box.setText(f"Discard what you entered in {procedure}?")
    box.setInformativeText("Nothing of it has been recorded in the game yet.")
    discard = box.addButton(DISCARD, QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton(KEEP_EDITING, QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    box.exec()
    return box.clickedButton() is discard


class AsksBeforeDiscarding:
    """For a QWizard (listed before it): Esc, Cancel and the close button ask before losing answers.

    The wizard gives ``answers()`` (everything the players can enter, comparable) and ``procedure``,
    and calls ``ask_before_discarding()`` once its pages are built."""

    procedure = "this procedure"
    #: False for the screenshot copies, whose example answers nobody typed.
    asks_before_discarding = True
    _answers_at_start: Any = None

    def answers(self) -> tuple[object, ...]:
        raise NotImplementedError

    def ask_before_discarding(self) -> None:
        from PySide6.QtWidgets import QWizard

        self._answers_at_start = self.answers()
        cancel = self.button(QWizard.WizardButton.CancelButton)   # type: ignore[attr-defined]
        cancel.clicked.disconnect()                                # Qt's own: straight to reject()
        cancel.clicked.connect(self._cancel_pressed)

    def entered_anything(self) -> bool:
        return self.answers() != self._answers_at_start

    def may_close(self) -> bool:
        """True if the wizard may close: nothing entered, or the players discard it."""
        if not self.asks_before_discarding or not self.entered_anything():
            return True
        return may_discard(self, self.procedure)   # type: ignore[arg-type]

    def _cancel_pressed(self) -> None:
        if self.may_close():
            self.reject()   # type: ignore[attr-defined]

    def keyPressEvent(self, event: QKeyEvent) -> None:
        from PySide6.QtCore import Qt

        if event.key() == Qt.Key.Key_Escape and not event.modifiers() and not self.may_close():
            event.accept()
            return
        super().keyPressEvent(event)   # type: ignore[misc]

    def closeEvent(self, event: QCloseEvent) -> None:
        if event.spontaneous() and not self.may_close():   # the window's close button
            event.ignore()
            return
        super().closeEvent(event)   # type: ignore[misc]
