"""One tab per major power, built from the power's table data.

The header shows the level large, the status in colour and words, and the verdict;
below it, one row per line: the rule, the input, the points it adds now and a note.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...core.awaw import assess, unentered
from ...core.awaw.common import PowerResult, Status
from ...core.lines import Line
from ..shell.accessible import LiveLabel, set_tip
from ..shell.focus_order import make_readable
from ..shell.follow import RefreshWhenSeen
from ..shell.scroll_areas import FittingScroll, HeadedScroll
from ..shell.status_chip import StatusChip
from ..shell.theme import is_dark, points_text
from ..shell.wrapped_label import WrappedLabel
from . import status_words
from .carried import CarriedPanel
from .line_inputs import DerivedInput, LineInput, make_input, tooltip
from .status_words import settled, show_result_status
from .store import SessionStore
from .tipping_panel import TippingPanel

#: A tab shorter than this many lines of text is laid out compactly (``ResultHeader.set_compact``).
COMPACT_BELOW = 24
#: A tab shorter than this many lines gives the panels above the table a fifth of its height, not a third: a laptop
#: at 150% shows six lines of the table (issue 40).
SHORT_BELOW = 32


class ResultHeader(QFrame):
    """The level, status, verdict and what follows: where the eye lands."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultHeader")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QHBoxLayout(self)
        left = QVBoxLayout()
        self.title = QLabel(title)
        title_font = QFont(self.title.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.4)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.level = LiveLabel("0")
        self.level.setObjectName("level")
        level_font = QFont(self.level.font())
        level_font.setPointSizeF(level_font.pointSizeF() * 3.2)
        level_font.setBold(True)
        self.level.setFont(level_font)
        self._level_fonts = (level_font, QFont(level_font))
        self._level_fonts[1].setPointSizeF(level_font.pointSizeF() * 0.55)   # a short tab: smaller, still bold
        self.level.setAccessibleName(f"{title} level")
        self.status = StatusChip()
        self.status.setObjectName("status")
        self.status.setAccessibleName(f"{title} status")
        # Stacked, or side by side on a short tab: the level and the status in one line (issue 40).
        self._level_status = QBoxLayout(QBoxLayout.Direction.TopToBottom)
        self._level_status.addWidget(self.level)
        self._level_status.addWidget(self.status)
        # On a short tab what follows and what is not entered fold away under the verdict: the table keeps the room.
        self.details = QToolButton()
        self.details.setText("Details")
        self.details.setCheckable(True)
        self.details.setAccessibleName(f"{title} details: what follows and what is not entered")
        self.details.toggled.connect(self._show_details)
        self.details.hide()
        left.addWidget(self.title)
        left.addLayout(self._level_status)
        left.addWidget(self.details)
        left.addStretch(1)
        right = QVBoxLayout()
        self.verdict = WrappedLabel()
        self.verdict.setObjectName("verdict")
        verdict_font = QFont(self.verdict.font())
        verdict_font.setPointSizeF(verdict_font.pointSizeF() * 1.2)
        verdict_font.setBold(True)
        self.verdict.setFont(verdict_font)
        self._verdict_fonts = (verdict_font, QFont(verdict_font))
        self._verdict_fonts[1].setPointSizeF(self.font().pointSizeF())
        self._short = False
        self.verdict.setAccessibleName(f"{title} verdict")
        self.consequences = WrappedLabel()
        self.consequences.setObjectName("consequences")
        self.consequences.setTextFormat(Qt.TextFormat.RichText)
        self.consequences.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.consequences.setAccessibleName(f"{title} consequences")
        self.consequences.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        right.addWidget(self.verdict)
        right.addWidget(self.consequences, 1)
        layout.addLayout(left, 0)
        layout.addSpacing(16)
        layout.addLayout(right, 1)
        self._shown: tuple[object, ...] = ()

    def set_compact(self, compact: bool) -> None:
        """On a short tab (a laptop at 200%) the power's name is the tab's own and the level is smaller, so the
        level and the status show above the table without scrolling."""
        self.title.setVisible(not compact)
        font = self._level_fonts[1 if compact else 0]
        if self.level.font() != font:
            self.level.setFont(font)

    def set_short(self, short: bool) -> None:
        """On a short tab (a laptop at 150% or 200%; issue 40) the level and the status share a line, the verdict is
        in the text's own size, and what follows and what is not entered fold under Details: the panels above the
        table take a fifth of the tab and still show the level and the status."""
        self._short = short
        font = self._verdict_fonts[1 if short else 0]
        if self.verdict.font() != font:
            self.verdict.setFont(font)
        direction = QBoxLayout.Direction.LeftToRight if short else QBoxLayout.Direction.TopToBottom
        if self._level_status.direction() != direction:
            self._level_status.setDirection(direction)
        self.details.setVisible(short and bool(self.consequences.text()))
        self._show_details(self.details.isChecked())

    def _show_details(self, checked: bool) -> None:
        self.consequences.setVisible(bool(self.consequences.text()) and (checked or not self._short))

    def show_result(self, result: PowerResult, missing: tuple[unentered.Missing, ...] = ()) -> None:
        shown = (result.level, result.status, result.verdict, result.consequences, is_dark(self.palette()), missing)
        if shown == self._shown:
            return
        self._shown = shown
        no_election = result.power == "election" and not result.figures.get("held", True)
        unused = result.status is Status.NOT_APPLICABLE   # not in this scenario (54.11): no level to read, as the
        self.level.setText("\u2014" if no_election or unused else points_text(result.level))   # Overview shows
        self.level.setToolTip(f"No election is held this turn (62.21): the table is a forecast "
                              f"({points_text(result.level)})." if no_election
                              else f"Not used in this scenario: the table would give {points_text(result.level)}."
                              if unused else "")
        show_result_status(self.status, result, shown[4], missing)
        done = settled(result, missing)
        # Not settled (values nobody entered): the verdict says so in a line; which values, and what would follow
        # counted so, in the smaller text below it (the table keeps its height on a laptop screen).
        self.verdict.setText(result.verdict if done else f"Not settled \u2014 counted so, the table would give: "
                                                         f"{result.verdict}")
        owed = "" if done else "<b>Not entered:</b> " + "; ".join(
            escape(item.short if item.power == result.power else f"{item.title}'s {item.short}") for item in missing)
        items = "".join(f"<li><b>{escape(c.rule)}</b> {escape(c.text)}</li>" for c in result.consequences)
        would = "" if done or not items else "<br><i>What would follow, counted so:</i>"
        listed = f"<ul style='margin-left:-20px'>{items}</ul>" if items else ""
        self.consequences.setText(f"{owed}{would}{listed}")
        self.set_short(self._short)


class LineRow:
    """The widgets of one table line inside the tab's grid."""

    def __init__(self, store: SessionStore, power: str, line: Line, grid: QGridLayout, row: int,
                 parent: QWidget) -> None:
        self.line = line
        self.rule = QLabel(line.rule)
        self.rule.setObjectName("rule")
        set_tip(self.rule, tooltip(line))
        self.rule.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        self.input: LineInput = make_input(store, power, line, parent)
        self.caption: QLabel | None = None
        self.points = LiveLabel("0")
        self.points.setObjectName("points")
        self.points.setAccessibleName(f"{line.label} points")
        self.points.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.points.setMinimumWidth(40)
        points_font = QFont(self.points.font())
        points_font.setBold(True)
        self.points.setFont(points_font)
        self.note = LiveLabel()
        self.note.setObjectName("note")
        self.note.setAccessibleName(f"{line.label} counted")
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        grid.addWidget(self.rule, row, 0)
        if self.input.title_in_widget:
            grid.addWidget(self.input, row, 1, 1, 2)
        else:
            self.caption = QLabel(line.label)
            set_tip(self.caption, tooltip(line))
            self.caption.setWordWrap(True)
            self.caption.setAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
            if len(getattr(self.input, "boxes", ())) <= 1:
                # A line of several places (German-controlled cities: Breslau, Essen ...) gives its caption to no
                # box: a screen reader speaks a labelled box by its label and dropped the first box's place (Orca
                # 43: "German-controlled cities check box"); each box's own name says line and place (issue 40).
                self.caption.setBuddy(self.input.focusProxy() or self.input)
            grid.addWidget(self.caption, row, 1)
            grid.addWidget(self.input, row, 2)
        grid.addWidget(self.points, row, 3)
        grid.addWidget(self.note, row, 4)
        self._shown: tuple[int, str] | None = None
        if store.session.is_bound(power, line.id):   # a fact of the war, kept once
            from .war_facts import shared_tooltip

            shared = shared_tooltip(store, power, line.id)
            self.rule.setText(f"{line.rule} \u21c4")
            for widget in (self.rule, self.caption, self.input, *self.input.findChildren(QWidget)):
                if widget is not None and not isinstance(widget, QLabel):
                    set_tip(widget, f"{widget.toolTip()}<p><i>\u21c4 {shared}</i></p>")
            set_tip(self.rule, f"{tooltip(line)}<p><i>\u21c4 {shared}</i></p>")
            if self.caption is not None:
                set_tip(self.caption, self.rule.toolTip())

    def show(self, points: int, note: str, counted_as: str | None = None) -> None:
        """The line's points and note; ``counted_as``: the line is needed and nobody entered it."""
        if counted_as is not None:
            note = f"not entered; counted as {counted_as}" + (f" ({note})" if note else "")
        if self._shown == (points, note):
            return
        self._shown = (points, note)
        self.points.setText(points_text(points))
        if isinstance(self.input, DerivedInput):
            self.input.show_note(note)
        else:
            self.note.setText(note)


class PowerTab(QWidget):
    """A power's tab: header plus the lines of its table for the session's edition."""

    #: The tab has caught up with the game (after a change while shown, or when shown after one).
    refreshed = Signal()

    def __init__(self, store: SessionStore, power: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store, self.power = store, power
        self.setObjectName(f"tab-{power}")
        outer = QVBoxLayout(self)
        self.header = ResultHeader(assess.title(power))
        self.tipping = TippingPanel(store, power)  # what tips it (issue 16)
        # The level, what tips it, the carried values and the wizard buttons scroll together above the table, no
        # taller than a part of the tab (``resizeEvent``): on a laptop at 150% or 200% the table keeps most of the
        # height, and no word-wrapped text is squeezed under another (issue 29).
        self.top = QWidget()
        above = QVBoxLayout(self.top)
        above.setContentsMargins(0, 0, 0, 0)
        # Side by side, not stacked: on a 1366x768 laptop the table keeps the height (play-test finding).
        top = QHBoxLayout()
        top.addWidget(self.header, 3)
        top.addWidget(self.tipping, 2)
        above.addLayout(top)
        # What carries over and the power's wizard buttons share one row: more of the table shows.
        strip = QHBoxLayout()
        self.carried = CarriedPanel(store, power)
        strip.addWidget(self.carried, 1)
        self.actions = QHBoxLayout()
        strip.addLayout(self.actions)
        above.addLayout(strip)
        # The values this table needs that nobody entered (core.awaw.unentered), and what rests on them.
        self.not_entered = LiveLabel()
        self.not_entered.setObjectName("unentered")
        self.not_entered.setWordWrap(True)
        self.not_entered.setAccessibleName(f"{assess.title(power)} values not entered")
        self.not_entered.hide()
        above.addWidget(self.not_entered)
        self.top_scroll = FittingScroll(self.top)
        self.top_scroll.setObjectName("resultScroll")
        outer.addWidget(self.top_scroll)
        scroll = HeadedScroll()   # the column headings stay in view as the lines scroll
        self.table_scroll = scroll
        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(8)
        headings = []
        for column, text in enumerate(("Rule", "Line", "", "Points", "Counted")):
            heading = QLabel(f"<b>{text}</b>")
            self.grid.addWidget(heading, 0, column)
            headings.append(heading)
        self.rows: dict[str, LineRow] = {}
        self._closed = ""   # why the power's own lines no longer count, if they do not
        row = 1
        section = ""
        for line in store.session.lines(power):
            if line.section and line.section != section:
                section = line.section
                heading = QLabel(f"<b>{escape(section)}</b>")
                heading.setObjectName("sectionHeading")
                self.grid.addWidget(heading, row, 0, 1, 5)
                row += 1
            self.rows[line.id] = LineRow(store, power, line, self.grid, row, body)
            row += 1
        self.grid.setColumnMinimumWidth(1, 180)   # the captions wrap: a 150% laptop screen keeps the Points in view
        self.grid.setColumnStretch(4, 1)
        self.grid.setRowStretch(row, 1)
        scroll.setWidget(body)
        scroll.keep_in_view(headings)
        outer.addWidget(scroll, 1)
        self.total = LiveLabel()
        self.total.setObjectName("total")
        # Wrapped: a surrendered France's line says why its table no longer counts, which at a large zoom made the
        # window wider than a laptop screen (eleventh play-test).
        self.total.setWordWrap(True)
        self.total.setAccessibleName(f"{assess.title(power)} total")
        outer.addWidget(self.total)
        store.valueChanged.connect(self._value_changed)
        # While another tab is shown, this one catches up when it is next shown (ui/shell/follow.py): a typed digit
        # redraws the tab in view, not all eight.
        self.follower = RefreshWhenSeen(self, self.refresh, parent)
        store.resultsChanged.connect(self.follower.changed)
        store.sessionReloaded.connect(self.sync_inputs)
        self.sync_inputs()
        self.refresh()
        # Made in the order it shows, but for the buttons added beside the carried values (``add_action``).
        make_readable(self, order=False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The panels above the table take at most a third of the tab; they scroll beyond that."""
        super().resizeEvent(event)
        compact = self.height() < COMPACT_BELOW * self.fontMetrics().lineSpacing()
        self.header.set_compact(compact)
        self.layout().setContentsMargins(*((4, 2, 4, 2) if compact else (9, 9, 9, 9)))
        line = self.fontMetrics().lineSpacing()
        # A short tab (a laptop at 150% or 200%): the level and status in view, the rest scrolls, six table rows.
        short = self.height() < SHORT_BELOW * line
        self.header.set_short(short)
        self.top_scroll.setMaximumHeight(max(line * 3, self.height() // 5) if short
                                         else max(line * 4, self.height() // 3))

    def detach(self) -> None:
        """Stop following the store (the tab is about to be replaced)."""
        self.store.valueChanged.disconnect(self._value_changed)
        self.store.resultsChanged.disconnect(self.follower.changed)
        self.store.sessionReloaded.disconnect(self.sync_inputs)

    def add_action(self, button: QWidget) -> None:
        """A button beside the table (a wizard for this power)."""
        before = self.actions.itemAt(self.actions.count() - 1)
        self.actions.addWidget(button)
        # Tab reaches it after the carried values' Adjust button (or the button before it), before the table.
        QWidget.setTabOrder(before.widget() if before is not None else self.carried.button, button)

    def sync_inputs(self) -> None:
        """Store -> widgets for every line (signals blocked inside ``show_value``)."""
        for line_id, row in self.rows.items():
            row.input.show_value(self.store.value(self.power, line_id))

    def _value_changed(self, power: str, line_id: str) -> None:
        if power == self.power and line_id in self.rows:
            self.rows[line_id].input.show_value(self.store.value(power, line_id))

    def refresh(self) -> None:
        result = self.store.result(self.power)
        session, results = self.store.session, self.store.results
        resting = tuple(status_words.resting(self.store).get(self.power, ()))
        owed = unentered.missing(session, results, (self.power,))
        if self.power == "japan":   # this turn's tally (57.14B) too, as This turn's inputs lists it
            owed += unentered.per_turn_inputs(session, results)
        own = {item.line_id: item.counted_as for item in owed}
        self.header.show_result(result, resting)
        for item in result.breakdown:
            row = self.rows.get(item.id)
            if row is not None:
                row.show(item.points, item.note, own.get(item.id))
        # This table's own lines say it in their rows; a value of another table it reads is said above the table.
        self._show_unentered(tuple(item for item in resting if item.power != self.power))
        text = f"Sum of the lines: {points_text(result.total)}"
        if result.level != result.total:
            text += f"   \u2192   level that counts: {points_text(result.level)}"
        closed = str(result.figures.get("closed", ""))   # a table whose result is settled (France surrendered)
        if closed:
            text += f"\n{closed}"
        if closed != self._closed:
            self._closed = closed
            for line_id, line_row in self.rows.items():   # facts of the war (\u21c4) stay: they are kept once
                if not self.store.session.is_bound(self.power, line_id):
                    line_row.input.setEnabled(not closed)
        if self.total.text() != text:
            self.total.setText(text)
        self.carried.refresh()
        self.refreshed.emit()

    def _show_unentered(self, missing: tuple[unentered.Missing, ...]) -> None:
        if not missing:
            text = ""
        else:
            items = [f"{item.title}: {item.short} (on the {item.title} tab)" for item in missing]
            text = "\u26a0 This table reads a value nobody has entered: " + " \u2022 ".join(items)
        if self.not_entered.text() != text:
            self.not_entered.setText(text)
        self.not_entered.setVisible(bool(text))

    def input_widget(self, line_id: str) -> LineInput:
        return self.rows[line_id].input
