"""The Overview tab: every power's level and what it means, at a glance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from ...core.awaw import assess
from ...core.awaw.checklist import war_end
from ...core.awaw.common import Status
from ..shell.accessible import LiveLabel
from ..shell.follow import RefreshWhenSeen
from ..shell.status_chip import StatusChip
from ..shell.theme import is_dark, points_text
from .status_words import resting, show_result_status, status_chip_style, verdict_text
from .store import SessionStore

if TYPE_CHECKING:
    from .inputs_panel import TurnInputs
    from .tipping_panel import OverviewTipping


def change_text(now: int, before: int) -> str:
    """A level's move since the last end of turn, written as a change, not as a level: "up 2 from +18"."""
    delta = now - before
    if delta == 0:
        return "no change"
    return f"{'up' if delta > 0 else 'down'} {abs(delta)} from {points_text(before)}"


def last_end_of_turn_levels(store: SessionStore) -> dict[str, int] | None:
    for entry in reversed(store.session.history):
        if entry.kind == "end-of-turn":
            return dict(entry.levels)
    return None


class OverviewTab(QWidget):
    """One row per power: level, status (colour and words), verdict, change since last end of turn."""

    #: A power's row asks to open its tab.
    openPower = Signal(str)
    #: This turn's inputs ask to show where a value is entered: ``("line", power, line_id)``.
    goTo = Signal(object)

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setObjectName("tab-overview")
        # Scrolls rather than setting a minimum size: the window fits small and zoomed screens.
        scroll = self._scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        page = QVBoxLayout(self)
        page.setContentsMargins(0, 0, 0, 0)
        page.addWidget(scroll)
        self.scroll = scroll
        body = QWidget()
        outer = QVBoxLayout(body)
        # Given to the scroll area empty: given full, the area lays its rows out at once, and again when shown.
        scroll.setWidget(body)
        self.heading = QLabel()
        heading_font = QFont(self.heading.font())
        heading_font.setPointSizeF(heading_font.pointSizeF() * 1.3)
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        outer.addWidget(self.heading)
        self.defeat = LiveLabel()
        self.defeat.setObjectName("alliedDefeat")
        self.defeat.setWordWrap(True)
        self.defeat.setAccessibleName("Allied defeat (62.91)")
        outer.addWidget(self.defeat)
        from .defeat_correction import correction_button

        self.withdraw_defeat = correction_button(self.store, self)
        outer.addWidget(self.withdraw_defeat)
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(frame)
        grid.setHorizontalSpacing(16)
        grid.setVerticalSpacing(10)
        # Bold by their font, not by rich text: a rich-text label lays its words out in a text document of its
        # own, about 0.2 ms each before the first paint.
        bold = QFont(self.font())
        bold.setBold(True)
        for column, text in enumerate(("Power", "Level", "Status", "What it means now", "Since last end of turn", "")):
            header = QLabel(text)
            header.setFont(bold)
            grid.addWidget(header, 0, column)
        self.rows: dict[str, tuple[QLabel, StatusChip, QLabel, QLabel]] = {}
        level_font = QFont(self.font())
        level_font.setPointSizeF(level_font.pointSizeF() * 1.8)
        level_font.setBold(True)
        for row, power in enumerate(assess.DISPLAY_ORDER, start=1):
            title = assess.title(power)
            name = QLabel(title)
            name.setFont(bold)
            level = LiveLabel()
            level.setFont(level_font)
            level.setAccessibleName(f"{title} level")
            status = StatusChip()
            status.setAccessibleName(f"{title} status")
            verdict = LiveLabel()
            verdict.setWordWrap(True)
            verdict.setAccessibleName(f"{title} verdict")
            change = LiveLabel()
            change.setAccessibleName(f"{title} change since last end of turn")
            button = QPushButton("Open")
            button.setAccessibleName(f"Open the {title} tab")
            button.clicked.connect(lambda _checked=False, key=power: self.openPower.emit(key))
            grid.addWidget(name, row, 0)
            for column, widget in enumerate((status, verdict, change, button), start=2):
                grid.addWidget(widget, row, column)
            # Levels line up on the right, as numbers do (a stretch before them rather than an alignment flag:
            # naming one loads Qt's whole ``Qt`` namespace, which the first paint does without).
            right = QHBoxLayout()
            right.setContentsMargins(0, 0, 0, 0)
            right.addStretch(1)
            right.addWidget(level)
            grid.addLayout(right, row, 1)
            self.rows[power] = (level, status, verdict, change)
        grid.setColumnStretch(3, 1)
        outer.addWidget(frame)
        # What tips each power (issue 16) comes after the first paint (``tipping``): it has nothing to show
        # before its first search, and its word-wrapped rows cost the first paint about 4 ms.
        self._tipping: OverviewTipping | None = None
        self._inputs: TurnInputs | None = None
        self._body = outer
        self._tipping_at = outer.count()
        outer.addStretch(1)
        self._chips: dict[QLabel, str] = {}
        # While another tab is shown, the Overview catches up when it is next shown (ui/shell/follow.py).
        self.follower = RefreshWhenSeen(self, self.refresh)
        store.resultsChanged.connect(self.follower.changed)
        store.sessionReplaced.connect(self.follower.changed)
        self.refresh()

    @property
    def tipping(self) -> OverviewTipping:
        """The panel of what tips each power (made when first asked for)."""
        return self.build_tipping()

    def build_tipping(self) -> OverviewTipping:
        """Make the panel of what tips each power, below the table: the window does it right after its first
        paint; its search starts a moment after it is shown."""
        if self._tipping is None:
            from ..shell.accessible import no_tab_stop
            from .tipping_panel import OverviewTipping

            no_tab_stop(self.scroll)   # Tab goes to the Open buttons in it (after the paint: it names Qt's enums)
            self._tipping = OverviewTipping(self.store)
            self._body.insertWidget(self._tipping_at, self._tipping)
        return self._tipping

    @property
    def inputs(self) -> TurnInputs:
        """This turn's inputs, the start-of-turn check list (made when first asked for)."""
        return self.build_inputs()

    def build_inputs(self) -> TurnInputs:
        """Make this turn's inputs, below the table and above what tips each power (right after the first paint)."""
        if self._inputs is None:
            from .inputs_panel import TurnInputs

            self._inputs = TurnInputs(self.store)
            self._inputs.goTo.connect(self.goTo.emit)
            self._body.insertWidget(self._tipping_at, self._inputs)
            self._tipping_at += 1
        return self._inputs

    def show_inputs(self) -> None:
        """Scroll to this turn's inputs and put the keyboard on its first Go there."""
        panel = self.inputs
        panel.refresh()
        self._scroll.ensureWidgetVisible(panel)
        buttons = panel.go_buttons()
        (buttons[0] if buttons else panel).setFocus()

    def after_first_paint(self) -> None:
        self.build_inputs()
        self.build_tipping()

    def detach(self) -> None:
        self.store.resultsChanged.disconnect(self.follower.changed)
        self.store.sessionReplaced.disconnect(self.follower.changed)

    def _chip(self, label: QLabel, style: str) -> None:
        """A status chip's colours, set only when they change (restyling a widget costs a repaint)."""
        if self._chips.get(label) != style:
            self._chips[label] = style
            label.setStyleSheet(style)

    def refresh(self) -> None:
        session = self.store.session
        self.heading.setText(f"{session.turn.title} \u2014 {session.edition.title}, {session.scenario.title}")
        previous = last_end_of_turn_levels(self.store)
        dark = is_dark(self.palette())
        results = self.store.results
        missing = resting(self.store)
        for power, (level, status, verdict, change) in self.rows.items():
            result = results[power]
            no_election = power == "election" and not result.figures.get("held", True)
            unused = result.status is Status.NOT_APPLICABLE   # not in this scenario (54.11): no level to read
            level.setText("\u2014" if no_election or unused else points_text(result.level))
            level.setToolTip("No election is held this turn (62.21): the table is a forecast." if no_election
                             else f"Not used: {result.verdict}" if unused else "")
            show_result_status(status, result, dark, missing.get(power, ()))
            verdict.setText(verdict_text(result, missing.get(power, ())))
            if no_election:
                change.setText("no election this turn")
            elif unused:
                change.setText("\u2014")
            elif previous is None or power not in previous:
                change.setText("first turn recorded" if previous is None else "\u2014")
            else:
                change.setText(change_text(result.level, previous[power]))
        election = results.get("election")
        figures = election.figures if election is not None else {}
        reason = str(figures.get("allied_defeat_reason", ""))
        ended = war_end(session, results)
        self.withdraw_defeat.setVisible(session.carry.get("election", {}).get("allied_defeat_turn") is not None)
        defeat = next((end for end in ended if end.rule == "62.91"), None)
        others = [end for end in ended if end.rule != "62.91"]
        over = ""
        if others:   # html (and its table of 2,000 named characters) loads only when a war is over
            from html import escape

            marks = {True: "\u25a0", False: "\u26a0"}   # settled, or resting on values nobody entered
            over = "".join(f"<br><b>{marks[end.settled]} {escape(end.theater)}: {escape(end.text)} ({end.rule})</b>"
                           for end in others)
        if defeat is not None and defeat.settled:
            self.defeat.setText(f"<b>\u2716 Allied defeat (62.91): the game is over.</b> {reason}{over}")
            self._chip(self.defeat, status_chip_style(Status.SURRENDERS, dark))
        elif defeat is not None:   # it rests on values nobody entered: what would follow, not declared
            from html import escape

            self.defeat.setText(f"<b>\u26a0 Not settled: an Allied defeat (62.91) would follow.</b> "
                                f"{escape(defeat.text)}{over}")
            self._chip(self.defeat, status_chip_style(Status.EFFECTS, dark))
        elif any(end.settled for end in others):
            self.defeat.setText(f"<b>The war is over in part:</b>{over}")
            self._chip(self.defeat, status_chip_style(Status.SURRENDERED, dark))
        elif others:   # a war's end resting on values nobody entered
            self.defeat.setText(f"<b>Not settled:</b>{over}")
            self._chip(self.defeat, status_chip_style(Status.EFFECTS, dark))
        else:
            detail = reason.removeprefix("No Allied defeat: ")
            self.defeat.setText(f"<b>\u2713 No Allied defeat (62.91):</b> {detail}")
            self._chip(self.defeat, status_chip_style(Status.NO_EFFECT, dark))
        if self._inputs is not None:
            self._inputs.refresh()
