"""The British surrender wizard (59.3-59.9): the players answer, the core decides.

Every number, every allowed or forbidden tick and the text of the summary come from
``core.awaw.britain_surrender`` and ``core.awaw.britain``; the pages only gather answers into a
``SurrenderRequest`` and show what the core makes of it.  Finish records the outcome with
``record_british_surrender`` as one undo step; Cancel changes nothing.

One module per page (``offer``, ``reductions``, ``war`` (the war continuing, and the Far East),
``concessions``, ``conciliation``, ``summary``), the wizard in ``wizard``, what the pages share in ``common`` and
the screenshot copies in ``demo``.  The pages are numbered in the order the players see them (``number_pages``):
a declined offer, the U.S. at war or no Far East question leave pages out.  Nothing that settles the surrender is
chosen for the players: a page that waits for an answer says what for, and Next waits with it.
"""

from .common import (
    PAGE_CONCESSIONS,
    PAGE_CONCILIATION,
    PAGE_FAR_EAST,
    PAGE_OFFER,
    PAGE_REDUCTIONS,
    PAGE_SLUGS,
    PAGE_SUMMARY,
    PAGE_WAR,
    state_label,
)
from .concessions import ConcessionsPage
from .conciliation import ConciliationPage
from .demo import screens
from .offer import OfferPage
from .reductions import ReductionsPage
from .summary import SummaryPage
from .war import FarEastPage, WarPage
from .wizard import BritishSurrenderWizard

__all__ = [
    "PAGE_CONCESSIONS",
    "PAGE_CONCILIATION",
    "PAGE_FAR_EAST",
    "PAGE_OFFER",
    "PAGE_REDUCTIONS",
    "PAGE_SLUGS",
    "PAGE_SUMMARY",
    "PAGE_WAR",
    "BritishSurrenderWizard",
    "ConcessionsPage",
    "ConciliationPage",
    "FarEastPage",
    "OfferPage",
    "ReductionsPage",
    "SummaryPage",
    "WarPage",
    "screens",
    "state_label",
]
