"""End of the Allied player turn: a check list first, the questions the rules leave to the players (nothing
pre-selected), the procedures to walk through, then every power's check in rule order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ...core.awaw import assess, britain, checklist, unentered
from ...core.awaw.britain_surrender.far_east import positions as far_east_positions
from ...core.awaw.common import Question, Status
from ...core.awaw.levels import NO_LEVEL, has_level, no_election
from ...core.awaw.session import Session, preview_end_of_turn
from ..shell.accessible import LiveLabel
from ..shell.focus_order import make_readable
from ..shell.theme import points_text
from .status_words import status_text

#: Procedures the end of turn offers first: power -> (the status that calls for it, the button's words).
END_OF_TURN_WIZARDS = {
    "france": (Status.SURRENDERS, "Walk through the French surrender (58)\u2026"),
    "britain": (Status.OFFERS, "Germany answers the British offer: British surrender wizard (59)\u2026"),
}
#: A check-list entry that a question of the dialog answers (it goes once the question is answered).
ANSWERED_BY = {("wizard", "britain", ""): "britain_accept_offer"}
#: The first entry of every question: nothing is chosen until a player chooses.
UNANSWERED = "Choose\u2026"
#: The answer that confirms a value nobody entered, as counted ("It is 0: enter 0").
CONFIRM = "yes"

Place = tuple[str, str, str]


class EndOfTurnDialog(QDialog):
    """Every power's end-of-turn check in rule order, the choices the rules give, then confirm.

    ``go_to(place)`` shows where a check-list entry is fixed (the dialog closes first); ``open_wizard(power)``
    walks a procedure and returns True if it recorded something."""

    def __init__(self, session: Session, parent: QWidget | None = None,
                 open_wizard: Callable[[str], bool] | None = None,
                 go_to: Callable[[Place], None] | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.open_wizard = open_wizard
        self.go_to = go_to
        self.setWindowTitle(f"End of the Allied player turn \u2014 {session.turn.title}")
        from ..shell.screen import resize_within_screen

        # As tall as the screen allows: with checks, procedures and questions the results keep room to be read.
        resize_within_screen(self, 760, 760)
        frame = QVBoxLayout(self)
        # All but the reason and the buttons scroll together on a small or scaled screen (1280x720 at 150% is
        # 853x480): nothing is squeezed under another; the buttons stay in view.
        body = QWidget()
        outer = QVBoxLayout(body)
        outer.setContentsMargins(0, 0, 0, 0)
        intro = QLabel(f"<b>{escape(session.turn.title)}</b>: the checks of rules 55-62 in rule order. "
                       "Confirm to record what carries over and move on to "
                       f"<b>{escape(session.turn.next().title)}</b>. This can be undone as one step.")
        intro.setWordWrap(True)
        outer.addWidget(intro)
        self.war_end = LiveLabel()
        self.war_end.setAccessibleName("The war is over")
        self.war_end.setWordWrap(True)
        self.war_end.setStyleSheet("font-weight: bold; padding: 6px; border: 2px solid palette(highlight);")
        outer.addWidget(self.war_end)
        self.checks_box = QGroupBox("Look at these first")
        self.checks_layout = QVBoxLayout(self.checks_box)
        outer.addWidget(self.checks_box)
        self.report_view = LiveLabel()
        self.report_view.setObjectName("endOfTurnSummary")
        self.report_view.setAccessibleName("End of turn summary")
        self.report_view.setWordWrap(True)
        self.report_view.setTextFormat(Qt.TextFormat.RichText)
        self.report_view.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.report_view.setAlignment(Qt.AlignmentFlag.AlignTop)
        scroll = QScrollArea()
        scroll.setAccessibleName("End of turn summary, to scroll")   # a Tab stop: the arrow keys scroll it
        scroll.setWidgetResizable(True)
        scroll.setMinimumHeight(180)   # never squeezed to a few lines (sixth play-test: 120 px)
        # The values to confirm (issue 28) and the carried values beyond their limits scroll with the summary, first:
        # the dialog keeps fitting a small screen however many there are.
        content = QWidget()
        self.scrolled = QVBoxLayout(content)
        self.scrolled.setContentsMargins(0, 0, 0, 0)
        scroll.setWidget(content)
        outer.addWidget(scroll, 1)
        self.wizard_box = QGroupBox("Procedures to walk through first")
        self.wizard_layout = QVBoxLayout(self.wizard_box)
        self.wizard_buttons: dict[str, QPushButton] = {}
        for power, (_status, text) in END_OF_TURN_WIZARDS.items():
            button = QPushButton(text)
            button.setAccessibleName(text.replace("\u2026", ""))
            button.setAutoDefault(False)
            button.clicked.connect(lambda _checked=False, key=power: self._run_wizard(key))
            self.wizard_layout.addWidget(button)
            self.wizard_buttons[power] = button
        outer.addWidget(self.wizard_box)
        self.confirm_box = QGroupBox("Values nobody has entered: confirm them first")
        self.confirm_form = QFormLayout(self.confirm_box)
        self.scrolled.addWidget(self.confirm_box)
        #: (power, line id) -> its question: is the value it counts as right?  Nothing pre-chosen.
        self.confirm_widgets: dict[tuple[str, str], QComboBox] = {}
        self.choices_box = QGroupBox("Choices the rules leave to the players")
        self.choices_form = QFormLayout(self.choices_box)
        outer.addWidget(self.choices_box)
        self.choice_widgets: dict[str, QComboBox] = {}
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.end_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.end_button.setText("End the turn")
        self.end_button.setAccessibleName("End the turn")
        # Enter never ends a turn that may settle a surrender: no default button but Cancel.
        self.end_button.setAutoDefault(False)
        self.end_button.setDefault(False)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.after_end = QLabel()
        self.after_end.setAccessibleName("Carried values beyond their limits after this end of turn")
        self.after_end.setWordWrap(True)
        self.after_end.setTextFormat(Qt.TextFormat.PlainText)
        self.scrolled.addWidget(self.after_end)
        self.scrolled.addWidget(self.report_view, 1)
        self.why_disabled = LiveLabel()
        self.why_disabled.setAccessibleName("Why the turn cannot end yet")
        self.why_disabled.setWordWrap(True)
        page = QScrollArea()
        page.setWidgetResizable(True)
        page.setFrameShape(QFrame.Shape.NoFrame)
        page.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # not a Tab stop of its own
        page.setWidget(body)
        frame.addWidget(page, 1)
        frame.addWidget(self.why_disabled)
        frame.addWidget(buttons)
        self._build_choices()

    def _run_wizard(self, power: str) -> None:
        if self.open_wizard is not None and self.open_wizard(power):
            self._build_choices()

    def _go(self, place: Place) -> None:
        self.reject()
        if self.go_to is not None:
            self.go_to(place)

    def _build_checks(self) -> None:
        while self.checks_layout.count():
            item = self.checks_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:   # gone at once: a rebuilt list never prints over the old one
                widget.hide()
                widget.setParent(None)
                widget.deleteLater()
        results = self.session.assess()
        found = checklist.checks(self.session, results)
        self.check_rows: list[tuple[checklist.Check, QWidget]] = []
        for check in found:
            row = QWidget()
            layout = QHBoxLayout(row)
            layout.setContentsMargins(0, 0, 0, 0)
            label = QLabel(f"\u26a0 {check.text}" + (f" ({check.rule})" if check.rule else ""))
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            layout.addWidget(label, 1)
            if self.go_to is not None and check.place[0] != "wizard":
                button = QPushButton("Go there")
                button.setAccessibleName(f"Go there: {check.text}")
                button.setAutoDefault(False)
                button.clicked.connect(lambda _checked=False, place=check.place: self._go(place))
                layout.addWidget(button)
            self.checks_layout.addWidget(row)
            self.check_rows.append((check, row))
        self.checks_box.setVisible(bool(found))
        ended = checklist.war_end(self.session, results)
        self.war_end.setText("\n".join(f"{end.theater}: {end.text} ({end.rule})" if end.settled
                                       else f"Not settled \u2014 {end.theater}: {end.text} ({end.rule}). Confirm "
                                            "or enter the values below first." for end in ended))
        self.war_end.setTextFormat(Qt.TextFormat.PlainText)
        self.war_end.setVisible(bool(ended))

    def _build_choices(self) -> None:
        """The check list, questions and wizard offers for the session as it stands now."""
        self._build_checks()
        while self.choices_form.rowCount():
            self.choices_form.removeRow(0)
        self.choice_widgets = {}
        report = preview_end_of_turn(self.session)
        self._build_confirmations()
        any_wizard = False
        for power, (status, _text) in END_OF_TURN_WIZARDS.items():
            wanted = self.open_wizard is not None and report.results[power].status is status
            self.wizard_buttons[power].setVisible(wanted)
            any_wizard = any_wizard or wanted
        self.wizard_box.setVisible(any_wizard)
        self._refresh()

    def _ask(self, questions: Sequence[Question]) -> bool:
        """The questions the rules ask for the answers given so far: an answer can bring questions of its own
        (Germany accepting a British offer: the conciliation, 59.75, and Japan's choice in the Far East, 59.891),
        asked at once, unanswered (unless the game's facts settle them); questions no longer asked go; answers
        given stay.  True if the facts answered a question (the report is then made again)."""
        wanted = {question.id for question in questions}
        for key in [key for key in self.choice_widgets if key not in wanted]:
            row = self.choices_form.getWidgetPosition(self.choice_widgets.pop(key))[0]
            taken = self.choices_form.takeRow(row)   # not deleted at once: its own signal may be running
            for item in (taken.labelItem, taken.fieldItem):
                if item is not None and item.widget() is not None:
                    item.widget().hide()
                    item.widget().deleteLater()
        settled = False
        for index, question in enumerate(questions):
            if question.id in self.choice_widgets:
                continue
            combo = QComboBox()
            combo.addItem(UNANSWERED, None)
            options = self._possible(question)
            for key, label in options:
                combo.addItem(label, key)
            combo.setCurrentIndex(0)
            if len(options) == 1 and len(question.options) > 1:   # The war tab's facts settle it
                combo.setCurrentIndex(1)
                combo.setEnabled(False)
                combo.setToolTip("Set by Japan's wars on The war tab (59.891); change them there.")
                settled = True
            combo.setAccessibleName(question.prompt)
            combo.currentIndexChanged.connect(self._refresh)
            label = QLabel(f"{question.prompt} ({question.rule})")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            label.setBuddy(combo)   # a screen reader's caption for the question (its name on Linux is the answer)
            self.choices_form.insertRow(index, label, combo)
            self.choice_widgets[question.id] = combo
        self.choice_widgets = {question.id: self.choice_widgets[question.id] for question in questions}
        self.choices_box.setVisible(bool(questions))
        return settled

    def _possible(self, question: Question) -> tuple[tuple[str, str], ...]:
        """The answers the game's facts leave open: Japan's position when Britain surrenders follows its wars
        (59.891A/B); only at war with Britain alone does the Japanese player choose (59.891C)."""
        if question.id != britain.FAR_EAST_QUESTION:
            return question.options
        facts = self.session.facts
        allowed = {position.value for position in far_east_positions(
            facts.get("war.japan_britain") is not None, facts.get("war.japan_us") is not None)}
        return tuple(option for option in question.options if option[0] in allowed) or question.options

    def _build_confirmations(self) -> None:
        """A question for each value nobody entered that something declared at this end of turn rests on (a
        surrender, an offer, an effect, the Allied defeat): is the value it counts as right?  Nothing is chosen
        for the players; Go there shows where to enter another value."""
        while self.confirm_form.rowCount():
            self.confirm_form.removeRow(0)
        self.confirm_widgets = {}
        results = self.session.assess()
        election = results.get("election")
        defeat = bool(election is not None and election.figures.get("allied_defeat"))
        for item in unentered.to_confirm(self.session, results, defeat):
            combo = QComboBox()
            combo.addItem(UNANSWERED, None)
            combo.addItem(f"It is {item.counted_as}: enter {item.counted_as}", CONFIRM)
            combo.setAccessibleName(f"Confirm {item.title}: {item.label}")
            combo.currentIndexChanged.connect(self._refresh)
            field = QWidget()
            row = QHBoxLayout(field)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(combo, 1)
            if self.go_to is not None:
                button = QPushButton("Go there")
                button.setAccessibleName(f"Go there: {item.title}: {item.label}")
                button.setAutoDefault(False)
                button.clicked.connect(lambda _checked=False, key=item.key: self._go(("line", *key)))
                row.addWidget(button)
            label = QLabel(f"{item.title}: {item.label} ({item.rule}) was never entered and counts as "
                           f"{item.counted_as}. {item.rests}")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            self.confirm_form.addRow(label, field)
            self.confirm_widgets[item.key] = combo
        self.confirm_box.setVisible(bool(self.confirm_widgets))

    def confirmed(self) -> list[tuple[str, str]]:
        """The values the players confirmed as counted (entered with the end of turn)."""
        return [key for key, combo in self.confirm_widgets.items() if combo.currentData() == CONFIRM]

    def unanswered(self) -> list[str]:
        return [combo.accessibleName() for combo in (*self.confirm_widgets.values(), *self.choice_widgets.values())
                if combo.currentData() is None]

    def choices(self) -> dict[str, str]:
        return {key: str(combo.currentData()) for key, combo in self.choice_widgets.items()
                if combo.currentData() is not None}

    def _refresh(self, *_args: object) -> None:
        report = preview_end_of_turn(self.session, self.choices())
        if self._ask(report.questions):   # a question the facts answered: the report with that answer
            report = preview_end_of_turn(self.session, self.choices())
        open_checks = 0
        for check, row in getattr(self, "check_rows", []):
            question = ANSWERED_BY.get(check.place)
            combo = self.choice_widgets.get(question or "")
            shown = combo is None or combo.currentData() is None
            row.setVisible(shown)
            open_checks += shown
        self.checks_box.setVisible(open_checks > 0)
        waiting = self.unanswered()
        after = checklist.after_end_of_turn(self.session, self.choices())
        self.after_end.setText("\n".join(f"\u26a0 {check.text} ({check.rule})" for check in after))
        self.after_end.setVisible(bool(after))
        self.end_button.setEnabled(not waiting)
        reason = ("Answer first: " + "; ".join(waiting)) if waiting else ""
        self.end_button.setToolTip(reason or "Record what carries over and move on to the next turn.")
        self.why_disabled.setText(reason)
        self.why_disabled.setVisible(bool(waiting))
        parts: list[str] = []
        if waiting:
            parts.append("<p><i>Shown with the rules' usual answer for the questions not answered yet.</i></p>")
        for power in assess.RULE_ORDER:
            result = report.results[power]
            # A power the scenario leaves out has no level to read: a dash, as on the Overview (54.11, 62.46B),
            # then its status straight after (a second dash between them would read as a level of its own).
            level = ("no election \u2014" if no_election(result) else f"{points_text(result.level)} \u2014"
                     if has_level(result) else NO_LEVEL)
            parts.append(f"<h3>{escape(result.title)}: {level} {escape(status_text(result.status))}"
                         f"</h3><p>{escape(result.verdict)}</p>")
            events = [event for key, event in report.events if key == power]
            if events:
                parts.append("<ul>" + "".join(f"<li><b>{escape(e.rule)}</b> {escape(e.text)}</li>"
                                              for e in events) + "</ul>")
        self.report_view.setText("".join(parts))
        make_readable(self)   # rebuilt rows: Tab still goes down the screen, Cancel last
