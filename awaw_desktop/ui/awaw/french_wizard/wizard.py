"""The French surrender wizard itself: it holds the players' answers, hands them to the core as a
``FrenchSurrenderRequest`` and records the outcome on Finish."""

from __future__ import annotations

import copy
import random
from typing import Any

from PySide6.QtWidgets import QWidget, QWizard

from ....core.awaw import france, unentered
from ....core.awaw.common import Consequence, Edition
from ....core.awaw.france_colonies import ROLLS, Colony, ColonyOutcome, Control, colony_outcome
from ....core.awaw.france_forces import Ships
from ....core.awaw.france_surrender import (
    DieRoll,
    FrenchSurrenderOutcome,
    FrenchSurrenderRequest,
    french_surrender_outcome,
    record_french_surrender,
)
from ....core.awaw.session import HistoryEntry, Session
from ....core.lines import RulesInputError, TableResult
from ....core.record.fair_dice import app_die
from ....core.record.pbem import TYPED_DICE, agree, waiting_for
from ...shell.discard_question import AsksBeforeDiscarding
from ...shell.screen import fit_wizard
from ..store import SessionStore
from .colonies import ColoniesPage
from .common import POWER
from .forces import ForcesPage
from .level import LevelAnswers, LevelPage
from .summary import SummaryPage
from .vichy import VichyPage


class FrenchSurrenderWizard(AsksBeforeDiscarding, QWizard):
    """Asks the players about a French surrender and records what the core decides on Finish.  Esc, Cancel
    or closing asks before throwing away what was entered (``AsksBeforeDiscarding``)."""

    procedure = "the French surrender"

    def __init__(self, store: SessionStore, parent: QWidget | None = None,
                 rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.rng = rng or random.Random()
        session = store.session
        self.edition, self.scenario, self.turn = session.edition, session.scenario, session.turn
        self.lines = france.lines(self.edition, self.scenario)
        values: dict[str, Any] = {line.id: store.value(POWER, line.id) for line in self.lines
                                  if line.input_kind != "derived"}
        first_hex = values.get(france.GERMAN_FIRST_HEX.id)
        if isinstance(first_hex, dict) and first_hex.get("year") == 0:
            # 58.21E: the turn Germany first held a hex in France, carried from earlier turns
            values[france.GERMAN_FIRST_HEX.id] = france.prefill(session.game_context())[france.GERMAN_FIRST_HEX.id]
        self.level_answers = LevelAnswers(self.lines, values, self, session.turn, session.start_turn)
        #: The France lines the level rests on that nobody entered on the France tab (issue 37): each is entered
        #: on the first page or confirmed there as counted, never written as entered unasked.
        self.not_entered = unentered.resting_on(session, store.results).get(POWER, [])
        #: 58.31: the Axis player's answer; None until given (nothing is chosen for him).
        self.vichy: bool | None = None
        self.dice: dict[str, DieRoll | None] = dict.fromkeys(ROLLS)
        # Who holds each colony as the surrender begins, from the war's facts (58.533-58.534: an Axis- or
        # British-held colony does not roll); France otherwise.
        held = {Control.AXIS.value, Control.BRITISH.value}
        self.colony_control: dict[str, str] = {
            colony.value: holder if (holder := session.fact(f"colony.{colony.value}")) in held
            else Control.FRENCH.value for colony in Colony}
        self.colony_brps: dict[str, int] = {colony.value: 0 for colony in Colony}
        self.existing_ships = Ships()
        #: The ship counts the players typed (58.643): asked before any loss is shown.
        self.ships_entered: set[str] = set()
        self.french_4_5_armor = False
        self.french_brp_base = 60
        self.recorded: FrenchSurrenderOutcome | None = None

        self.setWindowTitle(f"French surrender \u2014 {self.turn.title}")
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.level_page = LevelPage(self)
        self.vichy_page = VichyPage(self)
        self.colonies_page = ColoniesPage(self)
        self.forces_page = ForcesPage(self)
        self.summary_page = SummaryPage(self)
        for page in (self.level_page, self.vichy_page, self.colonies_page, self.forces_page, self.summary_page):
            self.addPage(page)
        for which in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
                      QWizard.WizardButton.FinishButton, QWizard.WizardButton.CancelButton):
            button = self.button(which)
            button.setAccessibleName(button.text().replace("&", "").replace("<", "").replace(">", "").strip())
        self.level_page.refresh()
        self.ask_before_discarding()
        fit_wizard(self, 900, 680)   # pages scroll on a small or scaled screen; Tab follows each page

    # -- the answers, handed to the core ----------------------------------------------------
    def game(self) -> Any:
        return self.store.session.game_context()

    def level_table(self) -> TableResult:
        return france.evaluate_level(self.level_answers.values, self.game())

    def unconfirmed(self) -> list[unentered.Missing]:
        """The values nobody entered on the France tab nor here that the level rests on."""
        return [item for item in self.not_entered if item.line_id not in self.level_answers.entered]

    def surrender_check(self) -> france.SurrenderCheck:
        values = self.level_answers.values
        return france.surrender_check(bool(values[france.PARIS.id]), bool(values[france.VOLUNTARY.id]), self.turn)

    def level(self) -> int:
        try:
            return france.clamp_level(self.level_table().total)
        except RulesInputError:
            return 0

    def us_at_war(self) -> bool:
        return bool(self.level_answers.values.get(france.US_AT_WAR.id, False))

    def vichy_allowed(self) -> tuple[bool, str]:
        return france.vichy_allowed(self.us_at_war())

    def roll_die(self, purpose: str) -> int:
        """A die the app rolls for ``purpose``: from ``rng`` at one table; in play by e-mail the game's next fair die
        (``core.record.fair_dice``; raises ``NoDieLeft`` saying why there is none yet)."""
        return app_die(self.store.session.record, f"{self.turn.title}: {purpose}", lambda: self.rng.randint(1, 6))

    def typed_dice_refused(self) -> str:
        """Why a die may not be typed from a real die ("" when it may): by e-mail, until both players agreed."""
        return waiting_for(self.store.session.record, TYPED_DICE)

    def agree_to_typed_dice(self) -> str:
        """This player's agreement to typed dice, signed with his keys (``pbem.agree``), and what is left."""
        self.store.replace_record(agree(self.store.session.record, TYPED_DICE, self.turn.title))
        left = waiting_for(self.store.session.record, TYPED_DICE)
        return ("Your agreement is recorded; the other player agrees on his own computer: until then, press Roll."
                if left else "Both players agreed: a die may be typed from a real die.")

    def roll_needed(self, roll: str) -> bool:
        return any(self.colony_control[colony.value] == Control.FRENCH.value for colony in ROLLS[roll])

    def colony(self, colony: Colony) -> ColonyOutcome | None:
        """One colony's outcome so far, or None while its die is missing."""
        die = self.dice.get(colony.roll)
        control = Control(self.colony_control[colony.value])
        if control is Control.FRENCH and die is None:
            return None
        return colony_outcome(colony, None if die is None else die.value, self.level(), self.vichy, control)

    def request(self) -> FrenchSurrenderRequest:
        first = france.first_german_hex_turn(self.level_answers.values, self.game()) \
            if self.edition is Edition.UPDATED else None
        return FrenchSurrenderRequest(
            edition=self.edition, turn=self.turn, level_inputs=dict(self.level_answers.values),
            german_first_hex_turn=first, vichy=self.vichy,
            dice={roll: die if self.roll_needed(roll) else None for roll, die in self.dice.items()},
            colony_control=dict(self.colony_control), existing_ships=self.existing_ships,
            french_4_5_armor=self.french_4_5_armor, french_brp_base=self.french_brp_base,
            colony_brps=dict(self.colony_brps), scenario=self.scenario)

    def outcome(self) -> FrenchSurrenderOutcome:
        return french_surrender_outcome(self.request())

    # -- Cancel and Finish ----------------------------------------------------------------------
    def answers(self) -> tuple[object, ...]:
        """Everything the players can enter here, to tell whether they entered anything."""
        return (copy.deepcopy(self.level_answers.values), self.vichy, dict(self.dice), dict(self.colony_control),
                dict(self.colony_brps), self.existing_ships, self.french_4_5_armor, self.french_brp_base)

    def accept(self) -> None:
        if not self.validateCurrentPage():   # a number box on this page refused what was typed: say so first
            return
        try:
            outcome = self.outcome()
        except RulesInputError as error:
            self.summary_page.error.setText(f"Cannot finish: {error}")
            return
        typed = {line_id: self.level_answers.values[line_id] for line_id in self.level_answers.entered}
        confirmed = [item.key for item in self.unconfirmed()]   # ticked on the first page (isComplete)

        def record(session: Session) -> None:
            for line_id, value in typed.items():   # entered here: entered in the game
                session.set_value(POWER, line_id, value)
            said = unentered.confirm(session, confirmed)
            record_french_surrender(session, outcome)
            if said:   # the confirmation is part of the surrender's entry in the record of the game
                entry = session.history[-1]
                session.history[-1] = HistoryEntry(entry.turn, entry.kind, entry.title, entry.levels,
                                                   (*(Consequence("", text) for text in said), *entry.events))

        try:
            self.store.change_session("French surrender", record)
        except RulesInputError as error:
            self.summary_page.error.setText(f"Cannot record the surrender: {error}")
            return
        self.recorded = outcome
        super().accept()
