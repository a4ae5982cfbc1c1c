"""New game, A World at War: the campaign so far, for a game joining a campaign under way.

A group joining a campaign in 1942 sets here which powers have surrendered, when and at what level, which wars run,
and the values carried between turns.  The page is built from rows (``late_start_rows.py``); going Back and changing
the first page's choices rebuilds it, keeping what the players set where it still applies and saying what it did
not keep.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFormLayout, QLabel, QScrollArea, QVBoxLayout, QWidget, QWizardPage

from ...core.awaw import facts_settled
from ...core.awaw.common import Edition, Scenario, Turn
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel, no_tab_stop
from ..shell.number_box import NumberBox, RefusalLine
from ..shell.screen import screen_of
from .carried import OptionalNumber
from .late_start_rows import (
    CarriedValueRow,
    LateStartRow,
    SurrenderRow,
    WarRow,
    carry_over,
    changed_choices,
    late_start_rows,
    missing_levels,
    set_by_players,
)


class LateStartPage(QWizardPage):
    """The campaign so far: one row per fact, grouped by power, in a scroll area."""

    def __init__(self, choices: Callable[[], tuple[Edition, Scenario, Turn]]) -> None:
        super().__init__()
        #: The first page's edition, scenario and starting turn now.
        self.choices = choices
        self.setTitle("The campaign so far")
        self.rows: list[LateStartRow] = []
        layout = QVBoxLayout(self)
        #: After the first page changed: what the rebuilt page kept of what the players set, and what not, and why.
        self.carried_over = LiveLabel()
        self.carried_over.setWordWrap(True)
        self.carried_over.setTextFormat(Qt.TextFormat.PlainText)
        self.carried_over.setAccessibleName("What the new choices kept and reset")
        self.carried_over.setStyleSheet("font-weight: 600;")
        self.carried_over.hide()
        layout.addWidget(self.carried_over)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        no_tab_stop(self.scroll)   # not a Tab stop of its own: Tab goes to the rows in it
        layout.addWidget(self.scroll, 1)
        self.problem = LiveLabel()
        self.problem.setObjectName("lateStartProblem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setAccessibleName("Why the game cannot be created yet")
        self.problem.setStyleSheet("color: #b00020; font-weight: 600;")
        layout.addWidget(self.problem)
        self.built_for: tuple[Edition, Scenario, Turn] | None = None
        #: What the problem line last asked for (the surrender levels still missing).
        self.asked = ""
        #: Numbers typed outside their range are refused in the problem line (rebuilt with the rows).
        self.refusals = RefusalLine(self.problem)

    def nextId(self) -> int:
        return -1

    def validatePage(self) -> bool:
        """Create game pressed as a box refused a number stays here, so the message is read."""
        return not self.refusals.keeps_open()

    def initializePage(self) -> None:
        choices = self.choices()
        edition, scenario, start = choices
        self.setSubTitle(f"Before {start.title}: tick the powers that have surrendered (with the level each "
                         "surrendered at) and set the values the end of turn carries over. Leave what has not "
                         "happened as it is.")
        if choices == self.built_for:
            return  # Back and Next again keeps what was entered
        changed, old_choices = set_by_players(self.rows), self.built_for
        self.built_for = choices
        self.rows = late_start_rows(edition, scenario, start)
        body = QWidget()
        form = QFormLayout(body)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        section = ""
        for row in self.rows:
            if row.section != section:
                section = row.section
                heading = QLabel(section)
                heading.setObjectName("sectionHeading")
                heading.setStyleSheet("font-weight: 600; margin-top: 6px;")
                form.addRow(heading)
            form.addRow(f"{row.label} ({row.rule}):", row.editor())
            row.first = row.shown()
        self._end_wars_on_surrender()
        self._ask_for_levels()
        self.scroll.setWidget(body)
        self.refusals.deleteLater()
        self.refusals = RefusalLine(self.problem, body.findChildren(NumberBox))
        self.problem.clear()
        self._carry_over(changed, old_choices)
        self._make_room(body)

    def _carry_over(self, changed: list[tuple[LateStartRow, Any]],
                    old_choices: tuple[Edition, Scenario, Turn] | None) -> None:
        """Show on the rebuilt page what the players set for the old choices where it still applies; say plainly
        what it kept and what it reset, and why."""
        choices = self.choices()
        kept, reset = carry_over(changed, self.rows, choices[2])
        for row, value in kept:
            row.show(value)
        words = ""
        if (kept or reset) and old_choices is not None:
            words = f"You changed the first page: {changed_choices(old_choices, choices)}."
            if kept:
                words += "\nKept from what you set: " + "; ".join(row.words(value) for row, value in kept) + "."
            if reset:
                words += "\nNot kept: " + "; ".join(reset) + "."
            words += "\nCheck the page before Create game."
        self.carried_over.setText(words)
        self.carried_over.setVisible(bool(words))

    def applies_to(self, choices: tuple[Edition, Scenario, Turn]) -> bool:
        """Something the players set on this page, built for other choices, would change a game of ``choices``."""
        if self.built_for in (None, choices):
            return False
        kept, _reset = carry_over(set_by_players(self.rows), late_start_rows(*choices), choices[2])
        return any(value != row.default() for row, value in kept)

    def _end_wars_on_surrender(self) -> None:
        """Ticking that a power has surrendered unticks the wars its surrender ended (58.1, 56.2, 55.2, 57.2)."""
        wars = {row.fact_id: row for row in self.rows if isinstance(row, WarRow)}
        for row in self.rows:
            if isinstance(row, SurrenderRow) and row.picker is not None:
                ended = [wars[key] for key in facts_settled.wars_ended_by(row.power, {"at_peace": False})
                         if key in wars]
                row.picker.happened.toggled.connect(partial(self._surrender_ticked, ended))

    def _ask_for_levels(self) -> None:
        """Ticking that a power has surrendered asks at once for the level it surrendered at (the problem line
        says which box to fill); Create game refuses the game until it is entered."""
        for row in self.rows:
            if isinstance(row, SurrenderRow) and row.picker is not None:
                row.picker.happened.toggled.connect(self._show_missing_levels)
            if isinstance(row, CarriedValueRow) and row.key == "surrender_level" \
                    and isinstance(row.widget, OptionalNumber):
                row.widget.set.toggled.connect(self._show_missing_levels)

    def missing(self) -> list[str]:
        """The surrender levels the rows still lack, in words."""
        carry: dict[str, dict[str, Any]] = {}
        for row in self.rows:
            if isinstance(row, (SurrenderRow, CarriedValueRow)):
                for power, key, value in row.carried():
                    carry.setdefault(power, {})[key] = value
        return missing_levels(carry)

    def refused(self, error: RulesInputError) -> None:
        """Create game refused: say why; a refusal for a missing level goes once the level is entered."""
        self.problem.setText(f"Not created: {error}")
        missing = self.missing()
        if missing and str(error).startswith(missing[0]):
            self.asked = self.problem.text()

    def _show_missing_levels(self) -> None:
        missing = self.missing()
        asked = "; ".join(missing) + "." if missing else ""
        if asked or self.problem.text() == self.asked:   # a refusal or an earlier message stays until replaced
            self.problem.setText(asked)
        self.asked = asked

    @staticmethod
    def _surrender_ticked(ended: list[WarRow], on: bool) -> None:
        if on:
            for war in ended:
                war.end()

    def _make_room(self, body: QWidget) -> None:
        """Widen the dialog for the rows (the first page is narrow), within the screen's free area."""
        wizard = self.wizard()
        screen = screen_of(wizard) if wizard is not None else None
        if wizard is None or screen is None:
            return
        area = screen.availableGeometry()
        width = min(max(wizard.width(), body.sizeHint().width() + 80), area.width() - 40)
        height = min(max(wizard.height(), 640), area.height() - 60)
        wizard.resize(width, height)
