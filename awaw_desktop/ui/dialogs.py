"""Dialogs: the game details, the end of the Allied player turn, recovery after a crash (a new game:
``new_game``)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ..core.awaw import assess
from ..core.awaw.common import Status
from ..core.session import Session, preview_end_of_turn
from .new_game import NewSessionDialog
from .theme import status_text

if TYPE_CHECKING:
    from ..core.recovery import RecoveryEntry

__all__ = ["END_OF_TURN_WIZARDS", "EndOfTurnDialog", "GameDetailsDialog", "NewSessionDialog", "RecoveryDialog"]


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """A comfortable size, but never more than the screen's free area (laptops, 200% scaling)."""
    screen = dialog.screen()
    if screen is not None:
        area = screen.availableGeometry()
        width, height = min(width, area.width() - 40), min(height, area.height() - 60)
    dialog.resize(width, height)


#: Wizards the end of turn offers: power -> (status that calls for it, button text).
END_OF_TURN_WIZARDS = {
    "france": (Status.SURRENDERS, "Walk through the French surrender (58)\u2026"),
    "britain": (Status.OFFERS, "Germany answers the British offer: British surrender wizard (59)\u2026"),
}


class GameDetailsDialog(QDialog):
    """The game's title and the players' names (the edition and scenario are fixed for a game)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Game details")
        form = QFormLayout(self)
        self.title = QLineEdit(session.title)
        self.title.setAccessibleName("Game title")
        self.title.setMaxLength(200)
        self.axis = QLineEdit(session.players.get("axis", ""))
        self.axis.setAccessibleName("Axis player")
        self.axis.setMaxLength(200)
        self.allied = QLineEdit(session.players.get("allied", ""))
        self.allied.setAccessibleName("Allied player")
        self.allied.setMaxLength(200)
        fixed = QLabel(f"{escape(session.edition.title)}, {escape(session.scenario.title)}; started "
                       f"{escape(session.start_turn.title)}. The edition and scenario are chosen when a game "
                       "is created.")
        fixed.setWordWrap(True)
        form.addRow(fixed)
        form.addRow("Game &title:", self.title)
        form.addRow("&Axis player:", self.axis)
        form.addRow("A&llied player:", self.allied)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def details(self) -> tuple[str, dict[str, str]]:
        return self.title.text().strip(), {"axis": self.axis.text().strip(), "allied": self.allied.text().strip()}


class EndOfTurnDialog(QDialog):
    """Every power's end-of-turn check in rule order, the choices the rules give, then confirm.

    Where a power surrenders through a procedure (France) or Germany must answer an offer
    (Britain), the dialog offers the wizard first; what it records shows here at once."""

    def __init__(self, session: Session, parent: QWidget | None = None,
                 open_wizard: Callable[[str], bool] | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.open_wizard = open_wizard
        self.setWindowTitle(f"End of the Allied player turn \u2014 {session.turn.title}")
        resize_within_screen(self, 760, 640)
        outer = QVBoxLayout(self)
        intro = QLabel(f"<b>{escape(session.turn.title)}</b>: the checks of rules 55-62 in rule order. "
                       "Confirm to record what carries over and move on to "
                       f"<b>{escape(session.turn.next().title)}</b>. This can be undone as one step.")
        intro.setWordWrap(True)
        outer.addWidget(intro)
        self.report_view = QLabel()
        self.report_view.setObjectName("endOfTurnSummary")
        self.report_view.setWordWrap(True)
        self.report_view.setTextFormat(Qt.TextFormat.RichText)
        self.report_view.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report_view.setAlignment(Qt.AlignmentFlag.AlignTop)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.report_view)
        outer.addWidget(scroll, 1)
        self.wizard_box = QGroupBox("Procedures to walk through first")
        self.wizard_layout = QVBoxLayout(self.wizard_box)
        self.wizard_buttons: dict[str, QPushButton] = {}
        for power, (_status, text) in END_OF_TURN_WIZARDS.items():
            button = QPushButton(text)
            button.setAccessibleName(text.replace("\u2026", ""))
            button.clicked.connect(lambda _checked=False, key=power: self._run_wizard(key))
            self.wizard_layout.addWidget(button)
            self.wizard_buttons[power] = button
        outer.addWidget(self.wizard_box)
        self.choices_box = QGroupBox("Choices the rules give now")
        self.choices_form = QFormLayout(self.choices_box)
        outer.addWidget(self.choices_box)
        self.choice_widgets: dict[str, QComboBox] = {}
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("End the turn")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        self._build_choices()

    def _run_wizard(self, power: str) -> None:
        if self.open_wizard is not None and self.open_wizard(power):
            self._build_choices()

    def _build_choices(self) -> None:
        """The questions and wizard offers for the session as it stands now."""
        while self.choices_form.rowCount():
            self.choices_form.removeRow(0)
        self.choice_widgets = {}
        report = preview_end_of_turn(self.session)
        any_wizard = False
        for power, (status, _text) in END_OF_TURN_WIZARDS.items():
            wanted = self.open_wizard is not None and report.results[power].status is status
            self.wizard_buttons[power].setVisible(wanted)
            any_wizard = any_wizard or wanted
        self.wizard_box.setVisible(any_wizard)
        for question in report.questions:
            combo = QComboBox()
            for key, label in question.options:
                combo.addItem(label, key)
            combo.setCurrentIndex(max(0, [key for key, _ in question.options].index(question.default)
                                      if question.default in dict(question.options) else 0))
            combo.setAccessibleName(question.prompt)
            combo.currentIndexChanged.connect(self._refresh)
            prompt = QLabel(f"{question.prompt} ({question.rule})")
            prompt.setTextFormat(Qt.TextFormat.PlainText)  # the prompt is words, not markup ("Russia's")
            prompt.setWordWrap(True)
            self.choices_form.addRow(prompt, combo)
            self.choice_widgets[question.id] = combo
        self.choices_box.setVisible(bool(report.questions))
        self._refresh()

    def choices(self) -> dict[str, str]:
        return {key: str(combo.currentData()) for key, combo in self.choice_widgets.items()}

    def _refresh(self, *_args: object) -> None:
        report = preview_end_of_turn(self.session, self.choices())
        parts: list[str] = []
        for power in assess.RULE_ORDER:
            result = report.results[power]
            parts.append(f"<h3>{escape(result.title)}: {result.level:+d} \u2014 {escape(status_text(result.status))}"
                         f"</h3><p>{escape(result.verdict)}</p>")
            events = [event for key, event in report.events if key == power]
            if events:
                parts.append("<ul>" + "".join(f"<li><b>{escape(e.rule)}</b> {escape(e.text)}</li>"
                                              for e in events) + "</ul>")
        self.report_view.setText("".join(parts))


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
