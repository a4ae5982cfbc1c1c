"""New game, A World at War: the edition, the scenario and the first turn played on the first page, then, for a
game joining a campaign under way, the campaign so far (``late_start_page.py``).  A late start is created on that
page only, so no question is skipped (both buttons of the first page lead there)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QFormLayout, QWidget, QWizard, QWizardPage

from ...core.awaw import facts as war_facts
from ...core.awaw.common import FIRST_YEAR, LAST_YEAR, Edition, Scenario, Season, Turn
from ...core.awaw.session import Session
from ...core.lines import RulesInputError
from ..shell.number_box import NumberBox
from .late_start_page import LateStartPage
from .late_start_rows import checked_session


class AwawChoices(QWidget):
    """The first page's rows for A World at War: edition, scenario, starting season and year."""

    def __init__(self) -> None:
        super().__init__()
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
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
        form.addRow("Rules &edition:", self.edition)
        form.addRow("&Scenario type:", self.scenario)
        form.addRow("Starting &season:", self.season)
        form.addRow("Starting &year:", self.year)

    def choices(self) -> tuple[Edition, Scenario, Turn]:
        return (Edition(self.edition.currentData()), Scenario(self.scenario.currentData()),
                Turn(self.year.value(), Season(self.season.currentData())))

    def late_start(self) -> bool:
        """A game from a turn after the war began (Fall 1939): the campaign so far must be set."""
        return war_facts.is_late_start(self.choices()[2])


class AwawNewGame:
    """A World at War's part of File > New game (``ui.shell.families.NewGamePart``)."""

    def __init__(self) -> None:
        self.rows = AwawChoices()
        self.late_page = LateStartPage(self.rows.choices)

    # -- NewGamePart -----------------------------------------------------------------------------
    def choices(self) -> QWidget:
        return self.rows

    def pages(self) -> Sequence[QWizardPage]:
        return (self.late_page,)

    def first_page_words(self) -> tuple[str, str, bool]:
        if self.rows.late_start():
            words = (f"Starting in {self.rows.choices()[2].title}: press \u201cCampaign so far >\u201d to set what "
                     "happened before it, then Create game there.")
        else:
            words = ("Choose the edition, the scenario and the first turn you play, then Create game. For a "
                     "campaign under way, choose its turn and press \u201cCampaign so far >\u201d.")
        return words, "Campaign so far >", not self.rows.late_start()

    def next_page(self, dialog: QWizard) -> int:
        return next((number for number in dialog.pageIds() if dialog.page(number) is self.late_page), -1)

    def create(self, dialog: QWizard, title: str, players: dict[str, str]) -> Session | None:
        on_first = dialog.currentPage() is not self.late_page
        if on_first and (self.rows.late_start() or self.late_page.applies_to(self.rows.choices())):
            dialog.next()   # a late start is created on the campaign-so-far page (Enter, or a caller's accept())
            self.late_page.problem.setText("Check what happened before the first turn, then press Create game.")
            return None
        try:
            return self.build(title, players)
        except RulesInputError as error:
            if dialog.currentPage() is not self.late_page:
                dialog.next()
            self.late_page.refused(error)
            return None

    def build(self, title: str, players: dict[str, str]) -> Session:
        edition, scenario, start = self.rows.choices()
        session = Session.new(edition=edition, scenario=scenario, turn=start, players=players, title=title)
        # The page's rows, if it was built for these choices; a first-turn game set elsewhere has no campaign so far
        # (what the page kept for other choices is looked at in create()).
        current = self.late_page.built_for == (edition, scenario, start)
        if not current and war_facts.is_late_start(start):
            raise RulesInputError(f"a game starting in {start.title} is created on the campaign-so-far page, which "
                                  "sets what happened before it")
        return checked_session(session, self.late_page.rows if current else [])

