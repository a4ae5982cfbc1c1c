"""File > New game: the edition, scenario and starting turn, then (for a late start) the campaign so far.

A group joining a campaign in 1942 sets on the second page which powers have surrendered, when
and at what level, which wars run, and the values carried between turns.  The page is built from
rows (``ui/awaw/late_start_rows.py``); going Back and changing the choices rebuilds it, keeping what the
players set where it still applies and saying what it did not keep.
"""

from __future__ import annotations

import importlib
from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from ...core import family as families
from ...core.awaw import facts as war_facts
from ...core.awaw.common import FIRST_YEAR, LAST_YEAR, Edition, Scenario, Season, Turn
from ...core.awaw.session import Session
from ...core.lines import RulesInputError
from ..awaw.carried import OptionalNumber
from ..awaw.late_start_rows import (
    CarriedValueRow,
    LateStartRow,
    SurrenderRow,
    WarRow,
    carry_over,
    changed_choices,
    checked_session,
    late_start_rows,
    missing_levels,
    set_by_players,
)
from .number_box import NumberBox, RefusalLine


class GamePage(QWizardPage):
    """Edition, scenario, starting turn, title and players."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("New game")
        form = QFormLayout(self)
        self.form = form
        self.family = QComboBox()
        for family in families.families():
            self.family.addItem(family.title, family.key)
        self.family.setAccessibleName("Rules family")
        self.family.setToolTip("A World at War's surrender rules, or a Europa-family game's Axis political rules")
        self.edition = QComboBox()
        for edition in Edition:
            self.edition.addItem(edition.title, edition.value)  # enum values: Qt hands back plain strings
        self.edition.setCurrentIndex(list(Edition).index(Edition.UPDATED))
        self.edition.setAccessibleName("Rules edition")
        self.edition.setToolTip("Original: the first AWAW rules. Updated: the rules played with Gathering Storm. "
                                "Updated, classic: the updated rules with the 'Classic A World at War' sidebars.")
        self.scenario = QComboBox()
        for scenario in Scenario:
            self.scenario.addItem(scenario.title, scenario.value)
        self.scenario.setAccessibleName("Scenario type")
        self.season = QComboBox()
        for season in Season:
            self.season.addItem(season.title, season.value)
        self.season.setCurrentIndex(Season.FALL.index)
        self.season.setAccessibleName("Starting season")
        self.year = NumberBox()
        self.year.setRange(FIRST_YEAR, LAST_YEAR)
        self.year.setValue(1939)
        self.year.setAccessibleName("Starting year")
        self.title = QLineEdit()
        self.title.setMaxLength(200)
        self.title.setPlaceholderText("e.g. Tuesday night campaign")
        self.title.setAccessibleName("Game title")
        self.axis = QLineEdit()
        self.axis.setAccessibleName("Axis player")
        self.axis.setMaxLength(200)
        self.allied = QLineEdit()
        self.allied.setAccessibleName("Allied player")
        self.allied.setMaxLength(200)
        form.addRow("Rules &family:", self.family)
        form.addRow("Rules &edition:", self.edition)
        form.addRow("&Scenario type:", self.scenario)
        form.addRow("Starting &season:", self.season)
        form.addRow("Starting &year:", self.year)
        form.addRow("Game &title:", self.title)
        form.addRow("&Axis player:", self.axis)
        form.addRow("A&llied player:", self.allied)
        self.refusals = RefusalLine.below(self, form, "New game: number not entered")
        self.family.currentIndexChanged.connect(self._family_changed)
        self.season.currentIndexChanged.connect(self._family_changed)
        self.year.valueChanged.connect(self._family_changed)
        self._family_changed()
        #: Family key -> the id of its own New game page (set by the dialog).
        self.family_page_ids: dict[str, int] = {}

    def family_key(self) -> str:
        return str(self.family.currentData())

    def late_start(self) -> bool:
        """A World at War from a turn after the war began (Fall 1939): the campaign so far must be set."""
        return self.family_key() == families.DEFAULT_FAMILY and war_facts.is_late_start(self.choices()[2])

    def _family_changed(self) -> None:
        """Another family: hide A World at War's choices; its own page comes next.  A late start is created
        on the campaign-so-far page only, so both buttons give the same game (no skipped questions)."""
        own = self.family_key() == families.DEFAULT_FAMILY
        for widget in (self.edition, self.scenario, self.season, self.year):
            self.form.setRowVisible(widget, own)
        late = self.late_start()
        self.setFinalPage(own and not late)
        if not own:
            words = ("The game's title and the players; Next asks for the first turn in the family's calendar and "
                     "what else it needs.")
        elif late:
            words = (f"Starting in {self.choices()[2].title}: press \u201cCampaign so far >\u201d to set what "
                     "happened before it, then Create game there.")
        else:
            words = ("Choose the edition, the scenario and the first turn you play, then Create game. For a "
                     "campaign under way, choose its turn and press \u201cCampaign so far >\u201d.")
        self.setSubTitle(words)
        self.setButtonText(QWizard.WizardButton.NextButton, "Campaign so far >" if own else "Next >")
        self.completeChanged.emit()

    def validatePage(self) -> bool:
        """Next or Create game pressed as the year box refused a number stays here, so the message is read."""
        return not self.refusals.keeps_open()

    def nextId(self) -> int:
        return self.family_page_ids.get(self.family_key(), NewSessionDialog.LATE_START_PAGE)

    def choices(self) -> tuple[Edition, Scenario, Turn]:
        return (Edition(self.edition.currentData()), Scenario(self.scenario.currentData()),
                Turn(self.year.value(), Season(self.season.currentData())))


class LateStartPage(QWizardPage):
    """The campaign so far: one row per fact, grouped by power, in a scroll area."""

    def __init__(self, game: GamePage) -> None:
        super().__init__()
        self.game = game
        self.setTitle("The campaign so far")
        self.rows: list[LateStartRow] = []
        layout = QVBoxLayout(self)
        #: After the first page changed: what the rebuilt page kept of what the players set, and what not, and why.
        self.carried_over = QLabel()
        self.carried_over.setWordWrap(True)
        self.carried_over.setTextFormat(Qt.TextFormat.PlainText)
        self.carried_over.setAccessibleName("What the new choices kept and reset")
        self.carried_over.setStyleSheet("font-weight: 600;")
        self.carried_over.hide()
        layout.addWidget(self.carried_over)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        layout.addWidget(self.scroll, 1)
        self.problem = QLabel()
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
        choices = self.game.choices()
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
        choices = self.game.choices()
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
                ended = [wars[key] for key in war_facts.wars_ended_by(row.power, {"at_peace": False})
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
        screen = wizard.screen() if wizard is not None else None
        if wizard is None or screen is None:
            return
        area = screen.availableGeometry()
        width = min(max(wizard.width(), body.sizeHint().width() + 80), area.width() - 40)
        height = min(max(wizard.height(), 640), area.height() - 60)
        wizard.resize(width, height)



class NewSessionDialog(QWizard):
    """File > New game.  ``session()`` is the checked new game once the dialog is accepted."""

    GAME_PAGE, LATE_START_PAGE, FAMILY_PAGES = 0, 1, 10

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.game_page = GamePage()
        self.late_page = LateStartPage(self.game_page)
        self.setPage(self.GAME_PAGE, self.game_page)
        self.setPage(self.LATE_START_PAGE, self.late_page)
        #: Each other rules family's own page (``core.family``), by family key.
        self.family_pages: dict[str, Any] = {}
        for number, family in enumerate(families.families(), start=self.FAMILY_PAGES):
            if family.new_game_page:
                module, _, name = family.new_game_page.partition(":")
                page = getattr(importlib.import_module(module), name)()
                self.setPage(number, page)
                self.family_pages[family.key] = page
                self.game_page.family_page_ids[family.key] = number
        self.setButtonText(QWizard.WizardButton.FinishButton, "Create game")
        self.setButtonText(QWizard.WizardButton.NextButton, "Campaign so far >")
        # Names kept for callers that read the first page's widgets directly.
        page = self.game_page
        self.edition, self.scenario, self.season, self.year = page.edition, page.scenario, page.season, page.year
        self.title, self.axis, self.allied = page.title, page.axis, page.allied
        self._session: Session | None = None
        self._game: Any = None

    def family_key(self) -> str:
        """The rules family of the new game (``core.family``)."""
        return self.game_page.family_key()

    def game(self) -> Any:
        """The new game of the chosen family, once the dialog is accepted."""
        return self.session() if self.family_key() == families.DEFAULT_FAMILY else self._game

    def accept(self) -> None:
        """Create game: build and check the game; a refusal is explained on the late-start page
        (or, for another rules family, on its own page)."""
        if not self.validateCurrentPage():   # a number box on this page refused what was typed: say so first
            return
        key = self.family_key()
        if key != families.DEFAULT_FAMILY:
            page = self.family_pages[key]
            players = {"axis": self.game_page.axis.text().strip(), "allied": self.game_page.allied.text().strip()}
            try:
                self._game = page.game(self.game_page.title.text().strip(), players)
            except RulesInputError as error:
                self._game = None
                page.show_problem(error)
                return
            QWizard.accept(self)
            return
        if self.currentId() == self.GAME_PAGE and (self.game_page.late_start()
                                                   or self.late_page.applies_to(self.game_page.choices())):
            self.next()   # a late start is created on the campaign-so-far page (Enter, or a caller's accept())
            self.late_page.problem.setText("Check what happened before the first turn, then press Create game.")
            return
        try:
            self._session = self.build()
        except RulesInputError as error:
            self._session = None
            if self.currentId() != self.LATE_START_PAGE:
                self.next()
            self.late_page.refused(error)
            return
        super().accept()

    def build(self) -> Session:
        edition, scenario, start = self.game_page.choices()
        page = self.game_page
        session = Session.new(
            edition=edition, scenario=scenario, turn=start,
            players={"axis": page.axis.text().strip(), "allied": page.allied.text().strip()},
            title=page.title.text().strip(),
        )
        # The page's rows, if it was built for these choices; a first-turn game set elsewhere has no campaign so far
        # (what the page kept for other choices is looked at in accept()).
        current = self.late_page.built_for == (edition, scenario, start)
        if not current and war_facts.is_late_start(start):
            raise RulesInputError(f"a game starting in {start.title} is created on the campaign-so-far page, which "
                                  "sets what happened before it")
        return checked_session(session, self.late_page.rows if current else [])

    def session(self) -> Session:
        """The checked new game (built now if the dialog was not run through Create game)."""
        if self._session is None:
            self._session = self.build()
        return self._session
