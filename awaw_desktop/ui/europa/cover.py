"""Private moments on a shared laptop: a cover screen asks for the right player before a
passphrase is typed or a card is shown, and a "Hide" button covers it again.

Each player's passphrase is checked when he types it (``Ask.check``), so a wrong one is caught before the
next player is called over; Cancel (on the cover and the passphrase page) and Esc end the moment with
nothing changed.  A private view ("Allied eyes only") is covered again as soon as the window or its tab is left,
or after :data:`PRIVATE_SECONDS` on screen, so a card is never left showing at a crowded table."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ...core.europa.draw import SIDE_TITLES
from ...core.europa.passphrases import MIN_LENGTH
from ..shell.accessible import CAPTION, LiveLabel, PasswordField, announce, quiet
from .messages import sentence

#: Given the passphrases by side, do the work; return a private text for the last player, or "".
Finish = Callable[[dict[str, str]], str]
CANCELLED = "Cancelled: nothing changed."
#: Said when the game changed while the laptop was changing hands (the moment is not carried out).
CHANGED = ("The game changed while the laptop was changing hands, so nothing was done: a step begun on one turn is "
           "finished on that turn (56.E.1). Start it again.")
#: How long a private view stays on screen before it is covered again by itself.
PRIVATE_SECONDS = 60
#: What a private view is marked with, above the card.
EYES_ONLY = "Allied eyes only"


class Ask(NamedTuple):
    """One player's turn at the laptop."""

    side: str
    purpose: str
    confirm: bool = False                          # type it twice (a new passphrase)
    check: Callable[[str], object] | None = None   # raises RulesInputError for a passphrase that will not do


class PrivateScreen(QStackedWidget):
    """Idle, cover ("hand the laptop to ..."), passphrase, private view."""

    IDLE, COVER, PASSPHRASE, PRIVATE = range(4)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Private screen")
        self.idle = QLabel("")
        self.cover_text = LiveLabel()
        self.cover_text.setWordWrap(True)
        self.cover_text.setAccessibleName("Cover screen")
        self.ready = QPushButton()
        self.ready.setAccessibleName("I am the player named: show my passphrase prompt")
        self.ready.setProperty(CAPTION, "I am the player named")   # what it is, whichever player it names
        self.ready.clicked.connect(self._uncover)
        cover_cancel = self._button("Cancel", "Cancel before the laptop changes hands", self.cancel_by_player)
        self.prompt = LiveLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setAccessibleName("Passphrase prompt")
        self.passphrase = PasswordField()
        self.passphrase.setAccessibleName("Passphrase")
        self.passphrase.setPlaceholderText("Your passphrase for this game (Esc cancels)")
        self.again = PasswordField()
        self.again.setAccessibleName("Passphrase again")
        self.again.setPlaceholderText("The same passphrase again")
        self.problem = LiveLabel()
        self.problem.setWordWrap(True)
        self.problem.setAccessibleName("Passphrase problem")
        self.ok = self._button("OK", "Confirm passphrase", self._accept)
        self.passphrase.returnPressed.connect(self._accept)
        self.again.returnPressed.connect(self._accept)
        cancel = self._button("Cancel", "Cancel passphrase", self.cancel_by_player)
        self.eyes_only = LiveLabel(f"\u26a0 {EYES_ONLY}: the card is hidden again when you leave this tab or the "
                                f"window, or after {PRIVATE_SECONDS} seconds")
        self.eyes_only.setWordWrap(True)
        self.eyes_only.setAccessibleName(EYES_ONLY)
        self.eyes_only.setStyleSheet("font-weight: 600;")
        self.secret = LiveLabel()
        self.secret.setAccessibleName("Private view")
        self.secret.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.private_timer = QTimer(self)
        self.private_timer.setSingleShot(True)
        self.private_timer.setInterval(PRIVATE_SECONDS * 1000)
        self.private_timer.timeout.connect(self.cover_private)
        hide = self._button("Hide it", "Hide the private view", self.cancel)
        for widgets in ((self.idle,), (self.cover_text, _row(self.ready, cover_cancel)),
                        (self.prompt, self.passphrase, self.again, self.problem, _row(self.ok, cancel)),
                        (self.eyes_only, self.secret, _row(hide))):
            page = QWidget()
            layout = QVBoxLayout(page)
            for widget in widgets:
                layout.addWidget(widget)
            self.addWidget(page)
        # Esc: cancel a passphrase or a cover, hide a private view.
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self.cancel_by_player)
        self.currentChanged.connect(self._fit_page)
        self._steps: list[Ask] = []
        self._given: dict[str, str] = {}
        self._finish: Finish | None = None
        self._on_error: Callable[[str], None] = lambda message: None
        self._then: Callable[[], None] = lambda: None
        self._state: Callable[[], object] = lambda: None
        self._started: object = None
        self._fit_page()

    def _button(self, text: str, name: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text)
        button.setAccessibleName(name)
        button.clicked.connect(slot)
        return button

    # -- size: as tall as the page on show (a cover is two lines, not the passphrase page) ---------
    def _fit_page(self, *_args: object) -> None:
        for index in range(self.count()):
            policy = QSizePolicy.Policy.Preferred if index == self.currentIndex() else QSizePolicy.Policy.Ignored
            self.widget(index).setSizePolicy(policy, policy)
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()

    @property
    def busy(self) -> bool:
        return self.currentIndex() != self.IDLE

    @property
    def asking(self) -> bool:
        """A cover or a passphrase page is up: a moment is half done, and the game is locked until it ends
        (``moment_lock``)."""
        return self.currentIndex() in (self.COVER, self.PASSPHRASE)

    def watch(self, state: Callable[[], object]) -> None:
        """``state()`` is the game now: a moment whose game changed before its last passphrase does nothing (its
        dates would be another turn's, or its step undone under the cover: 56.E.1)."""
        self._state = state

    def given(self, side: str) -> str:
        """What ``side``'s player typed earlier in this moment ("" if nothing yet): a new passphrase is checked
        against the other side's."""
        return self._given.get(side, "")

    def cover_private(self) -> None:
        """A private view on screen is covered again (the window or its tab was left, or time is up)."""
        if self.currentIndex() == self.PRIVATE:
            self.cancel()

    def hideEvent(self, event: object) -> None:   # another tab, or the window minimised
        self.cover_private()
        super().hideEvent(event)  # type: ignore[arg-type]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.WindowDeactivate:   # another window, or the laptop's screen locked
            self.cover_private()
        return False

    def showEvent(self, event: object) -> None:
        window = self.window()
        if window is not None and window is not self:
            window.removeEventFilter(self)
            window.installEventFilter(self)
        super().showEvent(event)  # type: ignore[arg-type]

    def ask(self, steps: list[Ask], finish: Finish, on_error: Callable[[str], None]) -> None:
        """Collect a passphrase from each player in turn, each behind a cover screen and checked as typed."""
        self._steps, self._given, self._finish, self._on_error = list(steps), {}, finish, on_error
        self._started = self._state()
        self._next()

    def cancel(self) -> None:
        self.private_timer.stop()
        self.passphrase.clear()
        self.again.clear()
        self.secret.clear()
        self.problem.clear()
        quiet()   # the card's words said through a focused control's description do not stay on the bus
        self._steps, self._given, self._finish = [], {}, None
        self.setCurrentIndex(self.IDLE)

    def cancel_by_player(self) -> None:
        """Cancel or Esc: a private view is hidden; a cover or passphrase page ends with nothing changed."""
        if not self.busy:
            return
        asking = self.currentIndex() in (self.COVER, self.PASSPHRASE)
        on_error = self._on_error
        self.cancel()
        if asking:
            on_error(CANCELLED)

    # -- steps -------------------------------------------------------------------------------
    def _cover(self, side: str, then: Callable[[], None]) -> None:
        title = SIDE_TITLES[side]
        self.cover_text.setText(f"Hand the laptop to the {title} player. Everybody else, look away.")
        self.ready.setText(f"I am the {title} player")
        self.ready.setAccessibleName(f"I am the {title} player: show my passphrase prompt")   # issue 40
        self._then = then
        self.setCurrentIndex(self.COVER)
        self.ready.setFocus()

    def _uncover(self) -> None:
        self._then()

    def _next(self) -> None:
        step = self._steps[0]
        self._cover(step.side, lambda: self._ask(step))

    def _ask(self, step: Ask) -> None:
        self.prompt.setText(f"{SIDE_TITLES[step.side]} player: type your passphrase to {step.purpose}.")
        self.passphrase.setPlaceholderText(f"A new passphrase: at least {MIN_LENGTH} characters (Esc cancels)"
                                           if step.confirm else "Your passphrase for this game (Esc cancels)")
        self.again.setVisible(step.confirm)
        self.problem.clear()
        self.setCurrentIndex(self.PASSPHRASE)
        self.passphrase.setFocus()

    def _refuse(self, problem: str) -> None:
        """The same player types again: nothing is handed on."""
        self.problem.setText(problem)
        self.passphrase.clear()
        self.again.clear()
        self.passphrase.setFocus()

    def _accept(self) -> None:
        if self.currentIndex() != self.PASSPHRASE or not self._steps:
            return
        step = self._steps[0]
        typed = self.passphrase.text()
        if step.confirm and typed != self.again.text():
            self._refuse("The two passphrases differ: type them again.")
            return
        if step.check is not None:
            try:
                step.check(typed)
            except ValueError as error:  # RulesInputError: too short, or not this player's passphrase
                self._refuse(f"{sentence(str(error))}. Type it again, or Cancel.")
                return
        self._given[step.side] = typed
        self.passphrase.clear()
        self.again.clear()
        self._steps.pop(0)
        if self._steps:
            self._next()
            return
        finish, given, on_error, started = self._finish, self._given, self._on_error, self._started
        self.cancel()
        if finish is None:
            return
        if self._state() is not started:   # the window locks the game meanwhile: this is the last guard
            on_error(CHANGED)
            return
        try:
            private = finish(given)
        except ValueError as error:  # RulesInputError: a refused step
            on_error(sentence(str(error)))
            return
        if private:
            self._show(private)

    def show_private(self, text: str) -> None:
        """A private view for the player at his own computer (play by e-mail): no laptop changes hands, so no cover
        and no passphrase; covered again as any private view."""
        self.cancel()
        self._show(text)

    def _show(self, text: str) -> None:
        self.secret.setText(text)
        self.setCurrentIndex(self.PRIVATE)
        self.private_timer.start()
        announce(self.secret, f"{EYES_ONLY}: {text}")   # the one place a card is said: the view its player asked for


def _row(*buttons: QPushButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for button in buttons:
        layout.addWidget(button)
    return row
