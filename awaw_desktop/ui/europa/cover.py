"""Private moments on a shared laptop: a cover screen asks for the right player before a
passphrase is typed or a card is shown, and a "Hide" button covers it again."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QPushButton, QStackedWidget, QVBoxLayout, QWidget

from ...core.europa.draw import SIDE_TITLES

#: Given the passphrases by side, do the work; return a private text for the last player, or "".
Finish = Callable[[dict[str, str]], str]


class PrivateScreen(QStackedWidget):
    """Idle, cover ("hand the laptop to ..."), passphrase, private view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Private screen")
        self.idle = QLabel("")
        self.cover_text = QLabel()
        self.cover_text.setWordWrap(True)
        self.cover_text.setAccessibleName("Cover screen")
        self.ready = QPushButton()
        self.ready.setAccessibleName("I am the player named")
        self.ready.clicked.connect(self._uncover)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setAccessibleName("Passphrase")
        self.again = QLineEdit()
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        self.again.setAccessibleName("Passphrase again")
        self.problem = QLabel()
        self.problem.setAccessibleName("Passphrase problem")
        self.ok = QPushButton("OK")
        self.ok.setAccessibleName("Confirm passphrase")
        self.ok.clicked.connect(self._accept)
        self.passphrase.returnPressed.connect(self._accept)
        cancel = QPushButton("Cancel")
        cancel.setAccessibleName("Cancel passphrase")
        cancel.clicked.connect(self.cancel)
        self.secret = QLabel()
        self.secret.setAccessibleName("Private view")
        self.secret.setAlignment(Qt.AlignmentFlag.AlignCenter)
        hide = QPushButton("Hide it")
        hide.setAccessibleName("Hide the private view")
        hide.clicked.connect(self.cancel)
        for widgets in ((self.idle,), (self.cover_text, self.ready),
                        (self.prompt, self.passphrase, self.again, self.problem, self.ok, cancel),
                        (self.secret, hide)):
            page = QWidget()
            layout = QVBoxLayout(page)
            for widget in widgets:
                layout.addWidget(widget)
            layout.addStretch(1)
            self.addWidget(page)
        self._steps: list[tuple[str, str, bool]] = []
        self._given: dict[str, str] = {}
        self._finish: Finish | None = None
        self._on_error: Callable[[str], None] = lambda message: None
        self._then: Callable[[], None] = lambda: None

    @property
    def busy(self) -> bool:
        return self.currentIndex() != 0

    def ask(self, steps: list[tuple[str, str, bool]], finish: Finish, on_error: Callable[[str], None]) -> None:
        """Collect a passphrase from each (side, purpose, confirm twice) in turn, each behind a cover screen."""
        self._steps, self._given, self._finish, self._on_error = list(steps), {}, finish, on_error
        self._next()

    def cancel(self) -> None:
        self.passphrase.clear()
        self.again.clear()
        self.secret.clear()
        self._steps, self._given, self._finish = [], {}, None
        self.setCurrentIndex(0)

    # -- steps -------------------------------------------------------------------------------
    def _cover(self, side: str, then: Callable[[], None]) -> None:
        title = SIDE_TITLES[side]
        self.cover_text.setText(f"Hand the laptop to the {title} player. Everybody else, look away.")
        self.ready.setText(f"I am the {title} player")
        self._then = then
        self.setCurrentIndex(1)

    def _uncover(self) -> None:
        self._then()

    def _next(self) -> None:
        side, purpose, confirm = self._steps[0]
        self._cover(side, lambda: self._ask(side, purpose, confirm))

    def _ask(self, side: str, purpose: str, confirm: bool) -> None:
        self.prompt.setText(f"{SIDE_TITLES[side]} player: type your passphrase to {purpose}.")
        self.again.setVisible(confirm)
        self.problem.clear()
        self.setCurrentIndex(2)
        self.passphrase.setFocus()

    def _accept(self) -> None:
        side, _purpose, confirm = self._steps[0]
        if confirm and self.passphrase.text() != self.again.text():
            self.problem.setText("The two passphrases differ: type them again.")
            self.passphrase.clear()
            self.again.clear()
            return
        self._given[side] = self.passphrase.text()
        self.passphrase.clear()
        self.again.clear()
        self._steps.pop(0)
        if self._steps:
            self._next()
            return
        finish, given = self._finish, self._given
        self.cancel()
        if finish is None:
            return
        try:
            private = finish(given)
        except ValueError as error:  # RulesInputError: a wrong passphrase, a refused step
            self._on_error(str(error))
            return
        if private:
            self._show(private)

    def _show(self, text: str) -> None:
        self.secret.setText(text)
        self.setCurrentIndex(3)
