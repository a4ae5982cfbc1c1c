"""The Overview tab: every power's level and what it means, at a glance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from ...core.awaw import assess
from ...core.awaw.checklist import never_entered, war_end
from ...core.awaw.common import Status
from ..shell.accessible import LiveLabel
from ..shell.follow import RefreshWhenSeen
from ..shell.status_chip import StatusChip
from ..shell.theme import is_dark, points_text
from .status_words import show_status, status_chip_style
from .store import SessionStore

if TYPE_CHECKING:
    from ...core.lines import Line
    from .tipping_panel import OverviewTipping


#: The powers whose state decides an Allied defeat (62.91): France, Britain and Russia, and the election.
ALLIED_DEFEAT_POWERS = ("france", "britain", "russia", "election")


def unentered_note(lines: list[tuple[str, Line]]) -> str:
    """A line for the Overview's banner naming the values never entered that count as 0, or ""."""
    if not lines:
        return ""
    from html import escape

    names = ", ".join(f"{assess.title(power)}: {escape(line.label)} ({line.rule})" for power, line in lines)
    return (f"<br>\u26a0 This rests on values nobody has entered, each counted as 0: {names}. Enter them on "
            "their tabs if they are not 0 in your game.")


def last_end_of_turn_levels(store: SessionStore) -> dict[str, int] | None:
    for entry in reversed(store.session.history):
        if entry.kind == "end-of-turn":
            return dict(entry.levels)
    return None


class OverviewTab(QWidget):
    """One row per power: level, status (colour and words), verdict, change since last end of turn."""

    #: A power's row asks to open its tab.
    openPower = Signal(str)

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setObjectName("tab-overview")
        # Scrolls rather than setting a minimum size: the window fits small and zoomed screens.
        scroll = QScrollArea()
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
        for power, (level, status, verdict, change) in self.rows.items():
            result = results[power]
            no_election = power == "election" and not result.figures.get("held", True)
            unused = result.status is Status.NOT_APPLICABLE   # not in this scenario (54.11): no level to read
            level.setText("\u2014" if no_election or unused else points_text(result.level))
            level.setToolTip("No election is held this turn (62.21): the table is a forecast." if no_election
                             else f"Not used: {result.verdict}" if unused else "")
            show_status(status, result.status, dark)
            verdict.setText(result.verdict)
            if no_election:
                change.setText("no election this turn")
            elif unused:
                change.setText("\u2014")
            elif previous is None or power not in previous:
                change.setText("first turn recorded" if previous is None else "\u2014")
            else:
                delta = result.level - previous[power]
                change.setText("no change" if delta == 0 else f"{delta:+d} (was {points_text(previous[power])})")
        election = results.get("election")
        figures = election.figures if election is not None else {}
        defeated = bool(figures.get("allied_defeat", False))
        reason = str(figures.get("allied_defeat_reason", ""))
        ended = [end for end in war_end(session, results) if end.rule != "62.91"]
        over = ""
        if ended:   # html (and its table of 2,000 named characters) loads only when a war is over
            from html import escape

            over = "".join(f"<br><b>\u25a0 {escape(end.theater)}: {escape(end.text)} ({end.rule})</b>"
                           for end in ended)
        if defeated or ended:   # a game over that rests on a DP level nobody typed says so
            deciding = [power for power in ALLIED_DEFEAT_POWERS if power in results
                        and results[power].status not in (Status.SURRENDERED, Status.NOT_APPLICABLE)
                        and results[power].figures.get("held", True)]   # no election: its DPs are not read
            over += unentered_note(never_entered(session, deciding))
        if defeated:
            self.defeat.setText(f"<b>\u2716 Allied defeat (62.91): the game is over.</b> {reason}{over}")
            self._chip(self.defeat, status_chip_style(Status.SURRENDERS, dark))
        elif ended:
            self.defeat.setText(f"<b>The war is over in part:</b>{over}")
            self._chip(self.defeat, status_chip_style(Status.SURRENDERED, dark))
        else:
            detail = reason.removeprefix("No Allied defeat: ")
            self.defeat.setText(f"<b>\u2713 No Allied defeat (62.91):</b> {detail}")
            self._chip(self.defeat, status_chip_style(Status.NO_EFFECT, dark))
