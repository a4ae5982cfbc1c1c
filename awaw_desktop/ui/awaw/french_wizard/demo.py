"""The wizard at each of its pages, for ``--screenshot-dir``."""

from __future__ import annotations

import random

from PySide6.QtWidgets import QWidget

from ....core.awaw import france
from ....core.lines import RulesInputError
from ..store import SessionStore
from .common import PAGE_NAMES
from .wizard import FrenchSurrenderWizard


def screens(store: SessionStore) -> list[tuple[str, QWidget]]:
    """The wizard at each page, for ``--screenshot-dir`` (named ``french-wizard-1-level`` ...).

    Nothing is recorded: the wizards are never finished.  If France does not surrender in the open game,
    the wizards tick "Axis control Paris" in their own answers so every page can be shown."""
    shown: list[tuple[str, QWidget]] = []
    for index, name in enumerate(PAGE_NAMES):
        wizard = FrenchSurrenderWizard(store, rng=random.Random(1940))
        wizard.asks_before_discarding = False   # example answers: closing the copy loses nothing
        try:
            surrenders = wizard.surrender_check().surrenders
        except RulesInputError:
            surrenders = False
        if not surrenders:
            wizard.level_page.set_answer(france.PARIS.id, True)
        if wizard.unconfirmed():
            wizard.level_page.confirm_values.setChecked(True)   # example values, as counted (issue 37)
        wizard.restart()
        for _step in range(index + 1):
            if wizard.currentPage() is wizard.vichy_page and wizard.vichy is None and index > 1:
                wizard.vichy_page.establish.setChecked(True)   # to show later pages; the Vichy page stays blank
            if wizard.currentPage() is wizard.colonies_page:
                for die in wizard.colonies_page.dice.values():
                    if die.edit.isEnabled() and die.die() is None:
                        die.roll_die()
            if wizard.currentPage() is wizard.forces_page and index > 3:   # example ship counts (58.643)
                for spin in wizard.forces_page.ships.values():
                    spin.setValue(2)
            if wizard.currentId() < index:
                wizard.next()
        shown.append((f"french-wizard-{index + 1}-{name}", wizard))
    return shown
