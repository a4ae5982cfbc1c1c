"""The wizard at each of its pages on a copy of the game, for ``--screenshot-dir``."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ....core.awaw import britain, britain_table
from ....core.awaw import britain_surrender as bs
from ....core.awaw.common import Scenario
from ....core.awaw.session import Session
from ..store import SessionStore
from .common import PAGE_CONCESSIONS, PAGE_FAR_EAST, PAGE_OFFER, PAGE_REDUCTIONS, PAGE_SLUGS, PAGE_SUMMARY, PAGE_WAR
from .wizard import BritishSurrenderWizard


def _demo_store(store: SessionStore, us_at_war: bool = False) -> SessionStore:
    """A copy of the open game in which Britain offers to surrender (the open game is not touched)."""
    session = store.session.snapshot()
    if session.scenario is Scenario.PACIFIC:
        session = Session.new(session.edition, Scenario.GLOBAL_WAR, session.turn)
    if us_at_war:
        powers = list(session.value(britain.KEY, britain.POWERS_AT_WAR.id))
        if "united_states" not in powers:
            session.set_value(britain.KEY, britain.POWERS_AT_WAR.id, [*powers, "united_states"])
    demo = SessionStore(session)
    if not britain.wizard_available(session, demo.results)[0]:
        session.carry[britain.KEY] = britain.initial_carry()
        total = int(session.assess()[britain.KEY].figures["resistance"])
        dp = int(session.value(britain.KEY, britain_table.DP_LEVEL.id))
        session.set_value(britain.KEY, britain_table.DP_LEVEL.id, max(-60, min(60, dp + (-4 - total))))
        demo = SessionStore(session)
    return demo


def _demo_answers(wizard: BritishSurrenderWizard, until: int) -> None:
    """Fill legal example answers page by page and stop on page ``until``."""
    offer_page = wizard.offer_page
    if wizard.available:
        offer_page.accept_button.setChecked(True)
        offer_page.confirm_values.setChecked(True)   # example values, as counted (issue 28)
    if wizard.session.scenario is Scenario.GLOBAL_WAR and until == PAGE_FAR_EAST:
        offer_page.japan_britain.setChecked(True)
    while True:
        page = wizard.currentId()
        if page == PAGE_REDUCTIONS:
            required = wizard.outcome().required
            reductions = wizard.reductions_page
            reductions.aaf.setValue(required.aaf)
            reductions.brps.setValue(required.ground_nas_brps)
            # Every box shows a number before a ship is added (a box of a page never shown reads empty, and
            # Add ship would take that for a refused entry); the ships then bring it down to what is left.
            reductions.other_naval.setValue(required.naval_factors)
            for name, factors, state in (("BB Nelson", 4, bs.ShipState.DAMAGED),
                                         ("CV Illustrious", 3, bs.ShipState.ROW_2)):
                reductions.ship_name.setText(name)
                reductions.ship_factors.setValue(factors)
                reductions.ship_state.setCurrentIndex(reductions.ship_state.findData(state))
                reductions.add_ship.click()
            reductions.other_naval.setValue(max(0, required.naval_factors - sum(ship.value for ship in wizard.ships)))
        elif page == PAGE_CONCESSIONS:
            wizard.statuses.update({"tunisia": "axis-controlled", "libya": "axis-controlled",
                                    "egypt": "axis-controlled"})
            wizard.concessions_page.initializePage()
            indemnity = wizard.concessions_page.indemnity
            if indemnity.isEnabled():
                indemnity.setCurrentIndex(indemnity.findData(0))   # Germany's example answer: no indemnity
            points = wizard.offer.concession_points if wizard.offer else 0
            takes = wizard.concessions_page.takes
            # Up to three items the rules allow now, in priority order (the war's facts may make some
            # ineligible), leaving at least two points untaken for the Conciliation page.
            for item in wizard.items():
                used = wizard.concession_verdict().points_used
                if len(wizard.chosen) < 3 and takes[item.key].isEnabled() and used + item.points() + 2 <= points:
                    takes[item.key].setChecked(True)
        elif page == PAGE_FAR_EAST and not wizard.far_east_page.choice_box.isHidden():
            wizard.far_east_page.adheres.setChecked(True)
        current = wizard.currentPage()
        if page in (until, PAGE_SUMMARY) or current is None or not current.isComplete():
            return
        wizard.next()


def screens(store: SessionStore) -> list[tuple[str, QWidget]]:
    """The wizard shown at each of its pages, named ``british-wizard-<n>-<page>``, for
    ``--screenshot-dir``.  Each is a separate wizard on a copy of the game where Britain offers."""
    shown: list[tuple[str, QWidget]] = []
    for page_id in range(PAGE_SUMMARY + 1):
        demo = _demo_store(store, us_at_war=page_id == PAGE_WAR)
        wizard = BritishSurrenderWizard(demo)
        wizard.demo_store = demo   # keeps the copy alive as long as the wizard
        wizard.asks_before_discarding = False   # example answers: closing the copy loses nothing
        wizard.setWindowTitle("British surrender (example answers)")
        wizard.restart()
        if page_id != PAGE_OFFER:
            _demo_answers(wizard, page_id)
        shown.append((f"british-wizard-{page_id + 1}-{PAGE_SLUGS[page_id]}", wizard))
    return shown
