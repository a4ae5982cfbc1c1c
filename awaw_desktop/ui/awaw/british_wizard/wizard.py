"""The British surrender wizard itself: it holds the players' answers, hands them to the core as a
``SurrenderRequest`` and records the outcome on Finish."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget, QWizard

from ....core.awaw import britain, britain_table, facts_settled, unentered
from ....core.awaw import britain_surrender as bs
from ....core.awaw.common import Scenario
from ....core.awaw.session import Session
from ....core.lines import RulesInputError
from ...shell.discard_question import AsksBeforeDiscarding
from ...shell.screen import fit_wizard
from ..store import SessionStore
from .common import (
    ITEM_STATUS_WORDS,
    PAGE_CONCESSIONS,
    PAGE_CONCILIATION,
    PAGE_FAR_EAST,
    PAGE_OFFER,
    PAGE_REDUCTIONS,
    PAGE_SUMMARY,
    PAGE_WAR,
    WizardPage,
    slug,
)
from .concessions import ConcessionsPage
from .conciliation import ConciliationPage
from .offer import OfferPage
from .reductions import ReductionsPage
from .summary import SummaryPage
from .war import FarEastPage, WarPage


class BritishSurrenderWizard(AsksBeforeDiscarding, QWizard):
    """Gathers Germany's, Britain's and Japan's answers for this turn's British offer; Finish
    records the core's outcome with ``britain.record_british_surrender`` as one undo step.  Esc, Cancel
    or closing asks before throwing away what was entered (``AsksBeforeDiscarding``)."""

    procedure = "the British surrender"

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setWindowTitle("British surrender")
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.IndependentPages, True)
        session, results = store.session, store.results
        self.available, self.reason = britain.wizard_available(session, results)
        self.offer: bs.Offer | None = britain.wizard_offer(session, results) if self.available else None
        figures = results[britain.KEY].figures if britain.KEY in results else {}
        self.resistance = int(figures.get("resistance", 0))
        self.us_at_war = bool(figures.get("us_at_war_with_germany", False))
        carry = {**britain.initial_carry(), **session.carry.get(britain.KEY, {})}
        self.returned_before = set(carry.get("returned_territories") or ())
        # The answers.
        self.accepted = self.offer is not None and not self.offer.may_decline
        # The war's facts answer these; the Offer page shows them for the players to confirm.
        self.japan_at_war_with_britain = session.fact("war.japan_britain") is not None
        self.japan_at_war_with_us = session.fact("war.japan_us") is not None
        self.japan_adheres: bool | None = None
        self.aaf = 0
        self.ground_nas_brps = 0
        self.other_naval = 0
        self.ships: list[bs.Ship] = []
        self.exhausted: set[str] = set()
        axis_holds = session.value(britain.KEY, britain_table.AXIS_HOLDS.id) \
            if session.scenario is not Scenario.PACIFIC else []
        self.statuses: dict[str, str] = bs.initial_statuses(axis_holds)
        # 59.6: territories whose side the war's facts settle (Vichy colonies, Italian possessions, Malta,
        # earlier concessions) start from the facts; a player's change is an override, listed in the summary.
        # Territories an earlier surrender ceded (carried, 59.6; a file from before they were carried: its outcome).
        conceded = tuple(dict.fromkeys([*carry.get("ceded", ()), *(
            item.get("key", "") for item in (session.outcomes.get(britain.KEY) or {}).get("taken", ())
            if isinstance(item, dict) and item.get("key") in bs.TERRITORY_KEYS
            and item.get("key") not in set(carry.get("returned_territories") or ()))]))
        self.fact_statuses = facts_settled.concession_statuses(session.facts, conceded)
        self.statuses.update({key: status for key, (status, _why) in self.fact_statuses.items()})
        self.settled_statuses = dict(self.statuses)
        self.minors: list[bs.ConcessionItem] = []
        self.minor_modes: dict[str, str] = {}
        self.chosen: dict[str, str] = {}
        self.indemnity = 0
        #: Germany chose its indemnity (59.67), "None" included: the Concessions page waits for it.
        self.indemnity_answered = False
        self.returns: set[str] = set()
        self.british_at_start: dict[str, bool] = {}
        self.home = bs.HomeControl()
        self._outcome: bs.SurrenderOutcome | None = None
        #: Values nobody entered that the offer rests on, confirmed on the offer page (issue 28).
        self.unconfirmed: list[tuple[str, str]] = []

        self.offer_page = OfferPage(self)
        self.reductions_page = ReductionsPage(self)
        self.war_page = WarPage(self)
        self.concessions_page = ConcessionsPage(self)
        self.conciliation_page = ConciliationPage(self)
        self.far_east_page = FarEastPage(self)
        self.summary_page = SummaryPage(self)
        for page_id, page in ((PAGE_OFFER, self.offer_page), (PAGE_REDUCTIONS, self.reductions_page),
                              (PAGE_WAR, self.war_page), (PAGE_CONCESSIONS, self.concessions_page),
                              (PAGE_CONCILIATION, self.conciliation_page), (PAGE_FAR_EAST, self.far_east_page),
                              (PAGE_SUMMARY, self.summary_page)):
            self.setPage(page_id, page)
        self.setStartId(PAGE_OFFER)
        self.currentIdChanged.connect(self._page_shown)
        self.number_pages()
        self.ask_before_discarding()
        fit_wizard(self, 900, 680)   # pages scroll on a small or scaled screen; Tab follows each page

    # -- the answers, handed to the core -------------------------------------------------
    @property
    def session(self) -> Session:
        return self.store.session

    def overrides(self) -> list[str]:
        """Concession statuses the players changed from what the war's facts say, in words."""
        words = {status.value: ITEM_STATUS_WORDS.get(status, status.value) for status in bs.ItemStatus}
        names = {item.key: item.name for item in self.items()}
        return [f"{names.get(key, key)}: {words.get(self.statuses.get(key, 'eligible'))} "
                f"(the war's facts say {words.get(settled)}"
                + (f": {self.fact_statuses[key][1]}" if key in self.fact_statuses else "") + ")"
                for key, settled in self.settled_statuses.items()
                if self.statuses.get(key, "eligible") != settled]

    def minor_keys(self) -> set[str]:
        return {item.key for item in self.minors}

    def add_minor(self, name: str, brps: int) -> bs.ConcessionItem:
        key = slug(name)
        if key in bs.TERRITORY_KEYS:
            key += "_minor"
        item = bs.minor_country(key, name, brps)
        bs.concession_items([*self.minors, item])   # refuses a duplicate
        self.minors.append(item)
        self.answers_changed()
        return item

    def items(self) -> tuple[bs.ConcessionItem, ...]:
        return bs.concession_items(self.minors)

    def far_east_needed(self) -> bool:
        return self.session.scenario is Scenario.GLOBAL_WAR and self.japan_at_war_with_britain

    def reduction_choice(self) -> bs.ReductionChoice:
        return bs.ReductionChoice(self.aaf, self.ground_nas_brps, tuple(self.ships), self.other_naval)

    def return_facts(self) -> dict[str, bs.ReturnFacts]:
        keys = {item.key for item in self.items()}
        return {key: bs.ReturnFacts(self.british_at_start.get(key, key not in bs.NOT_BRITISH_AT_START),
                                    key in self.returned_before) for key in keys}

    def request(self) -> bs.SurrenderRequest:
        offer = self.offer
        far_east = self.session.scenario is Scenario.GLOBAL_WAR
        japan_britain = far_east and self.japan_at_war_with_britain
        japan_us = far_east and self.japan_at_war_with_us
        adheres = self.japan_adheres
        if japan_britain and not japan_us and adheres is None:
            adheres = False   # not chosen yet: shown as a question on the Far East page
        required = bs.required_reductions(offer.counted_levels if offer and offer.offered else 0)
        choice = self.reduction_choice()
        return bs.SurrenderRequest(
            resistance=self.resistance, previous_level=offer.previous_level if offer else None,
            accepted=self.accepted, us_at_war_with_germany=self.us_at_war, scenario=self.session.scenario,
            minors=tuple(self.minors), statuses=dict(self.statuses), chosen=dict(self.chosen),
            indemnity=self.indemnity, returns=tuple(key for key in (item.key for item in self.items())
                                                    if key in self.returns),
            return_facts=self.return_facts(), home=self.home, japan_at_war_with_britain=japan_britain,
            japan_at_war_with_us=japan_us, japan_adheres=adheres, reductions=choice,
            available=bs.available_when_exhausted(required, choice, self.exhausted))

    def outcome(self) -> bs.SurrenderOutcome:
        if self._outcome is None:
            self._outcome = bs.british_surrender_outcome(self.request())
        return self._outcome

    def concession_choices(self) -> tuple[bs.ItemChoice, ...]:
        points = self.offer.concession_points if self.offer else 0
        # Each status the war's facts set is said with its cause ("Vichy French (58.53)"), unless the players
        # changed it.
        causes = {key: why for key, (status, why) in self.fact_statuses.items() if self.statuses.get(key) == status}
        return bs.concession_choices(points, self.items(), self.statuses, self.chosen, self.indemnity,
                                     returning=bool(self.returns), minor_modes=self.minor_modes, causes=causes)

    def concession_verdict(self) -> bs.Verdict:
        """The concessions as the core judges them, returns' 59.73G problems shown on the Conciliation page."""
        return self.outcome().concessions

    def return_choices(self) -> tuple[bs.ItemChoice, ...]:
        return bs.return_choices(self.items(), self.statuses, self.returns, self.return_facts(), self.home,
                                 self.chosen)

    def steps(self) -> list[int]:
        """The pages the players go through with the answers given so far, in order: the pages they saw
        up to this one, then where Next leads from here (each page's ``nextId`` reads only the answers)."""
        seen = [page_id for page_id in self.visitedIds() if page_id >= 0]
        ahead = seen[-1] if seen else self.startId()
        steps = seen[:-1]
        while ahead >= 0 and ahead not in steps:
            steps.append(ahead)
            page = self.page(ahead)
            ahead = page.nextId() if page is not None else -1
        return steps

    def number_pages(self) -> None:
        """Number the pages the players see 1, 2, 3 ... in the order they see them (the U.S. at war,
        a declined offer or no Far East question leave pages out, and the numbers close up)."""
        steps = self.steps()
        for page_id in self.pageIds():
            page = self.page(page_id)
            if isinstance(page, WizardPage):
                page.number(steps.index(page_id) + 1 if page_id in steps else None)

    def answers_changed(self) -> None:
        self._outcome = None
        page = self.currentPage()
        if isinstance(page, WizardPage):
            page.refresh()
        offer_page = getattr(self, "offer_page", None)
        if offer_page is not None:
            offer_page.completeChanged.emit()
        if getattr(self, "summary_page", None) is not None:
            self.number_pages()

    def _page_shown(self, _page_id: int) -> None:
        page = self.currentPage()
        if isinstance(page, WizardPage):
            page.refresh()
        self.number_pages()

    # -- Cancel and Finish -------------------------------------------------------------------
    def answers(self) -> tuple[object, ...]:
        """Everything the players can enter here, to tell whether they entered anything."""
        pages = self.offer_page, self.reductions_page, self.concessions_page
        return (pages[0].accept_button.isChecked(), pages[0].decline_button.isChecked(), self.accepted,
                self.japan_at_war_with_britain, self.japan_at_war_with_us, self.japan_adheres, self.aaf,
                self.ground_nas_brps, self.other_naval, tuple(self.ships), frozenset(self.exhausted),
                dict(self.statuses), tuple(self.minors), dict(self.minor_modes), dict(self.chosen), self.indemnity,
                self.indemnity_answered, frozenset(self.returns), dict(self.british_at_start), self.home,
                pages[1].ship_name.text().strip(), pages[2].minor_name.text().strip())

    def accept(self) -> None:
        if not self.validateCurrentPage():   # a number box on this page refused what was typed: say so first
            return
        outcome = self.outcome()
        text = "British surrender" if outcome.surrendered else "British surrender offer declined"
        def record(session: Session) -> None:
            unentered.confirm(session, self.unconfirmed)   # confirmed on the offer page (issue 28)
            britain.record_british_surrender(session, outcome)

        try:
            self.store.change_session(text, record)
        except RulesInputError as error:
            self.summary_page.error.setText(f"Not recorded: {error}")
            return
        super().accept()
