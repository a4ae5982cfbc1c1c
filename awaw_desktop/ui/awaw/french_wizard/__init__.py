"""The French surrender wizard (rule 58): five pages that gather the players' answers and show what the
rules core decides.

The wizard keeps its own copy of the answers; nothing reaches the session until Finish, which hands the
outcome computed by :func:`french_surrender_outcome` to :func:`record_french_surrender` inside one
``store.change_session`` step (so one undo takes the whole surrender back).  Cancel changes nothing and
Back keeps what was entered.  Dice are typed in (the physical die) or rolled by the app with an injectable
``random.Random`` (in play by e-mail, the game's next fair die: ``core.record.fair_dice``); a rolled die stays
as rolled.

One module per page (``level``, ``vichy``, ``colonies``, ``forces``, ``summary``), the wizard in
``wizard``, what the pages share in ``common`` and the screenshot copies in ``demo``.
"""

from .colonies import ColoniesPage, DieInput
from .common import PAGE_NAMES
from .demo import screens
from .forces import ForcesPage
from .level import FleetHelper, LevelAnswers, LevelPage
from .summary import SummaryPage, headline
from .vichy import VichyPage
from .wizard import FrenchSurrenderWizard

__all__ = [
    "PAGE_NAMES",
    "ColoniesPage",
    "DieInput",
    "FleetHelper",
    "ForcesPage",
    "FrenchSurrenderWizard",
    "LevelAnswers",
    "LevelPage",
    "SummaryPage",
    "VichyPage",
    "headline",
    "screens",
]
