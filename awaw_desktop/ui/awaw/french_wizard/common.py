"""What every page of the French wizard shares: small label and number helpers and the page base class."""

from __future__ import annotations

import random
from html import escape
from typing import Any, Protocol, cast

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QLayout, QWizardPage

from ....core.awaw import france
from ....core.awaw.common import Consequence, Edition, Turn
from ....core.awaw.france_surrender import Colony, ColonyOutcome, DieRoll, FrenchSurrenderOutcome, Ships
from ....core.awaw.levels import signed as signed  # the pages import it from here
from ....core.awaw.unentered import Missing
from ....core.lines import Line, TableResult
from ...shell.accessible import LiveLabel
from ...shell.number_box import NumberBox, RefusalLine


class LevelValues(Protocol):
    """The wizard's own copy of the 58.21 answers (``level.LevelAnswers``)."""

    values: dict[str, Any]
    entered: set[str]


class AnswerTarget(Protocol):
    """The level page, which a helper fills a line of."""

    def set_answer(self, line_id: str, value: Any) -> None: ...


class FrenchAnswers(Protocol):
    """What the pages read and write of the wizard (``wizard.FrenchSurrenderWizard``): the players' answers so far
    and what the core makes of them.  Pages get it passed in, so no page imports the wizard."""

    edition: Edition
    turn: Turn
    lines: tuple[Line, ...]
    rng: random.Random
    level_answers: LevelValues
    level_page: AnswerTarget
    vichy: bool | None
    dice: dict[str, DieRoll | None]
    colony_control: dict[str, str]
    colony_brps: dict[str, int]
    existing_ships: Ships
    ships_entered: set[str]
    french_4_5_armor: bool
    french_brp_base: int

    def level_table(self) -> TableResult: ...

    def unconfirmed(self) -> list[Missing]: ...

    def roll_die(self, purpose: str) -> int: ...

    def typed_dice_refused(self) -> str: ...

    def agree_to_typed_dice(self) -> str: ...

    def surrender_check(self) -> france.SurrenderCheck: ...

    def level(self) -> int: ...

    def us_at_war(self) -> bool: ...

    def vichy_allowed(self) -> tuple[bool, str]: ...

    def roll_needed(self, roll: str) -> bool: ...

    def colony(self, colony: Colony) -> ColonyOutcome | None: ...

    def outcome(self) -> FrenchSurrenderOutcome: ...


POWER = france.KEY
PAGE_NAMES = ("level", "vichy", "colonies", "forces", "summary")


def bullet_list(items: list[Consequence] | tuple[Consequence, ...]) -> str:
    rows = "".join(f"<li><b>{escape(c.rule)}</b> {escape(c.text)}</li>" for c in items)
    return f"<ul style='margin-left:-20px'>{rows}</ul>"


def wrapped_label(text: str = "", name: str = "", rich: bool = False) -> QLabel:
    label = LiveLabel(text)   # named: a screen reader hears the name and the words shown
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setAccessibleName(name)
    return label


def bold_label(text: str = "", name: str = "", scale: float = 1.0) -> QLabel:
    label = LiveLabel(text)
    font = QFont(label.font())
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    if name:
        label.setAccessibleName(name)
    return label


def number_input(name: str, minimum: int, maximum: int, value: int = 0) -> NumberBox:
    spin = NumberBox()
    spin.setRange(minimum, maximum)
    spin.setValue(value)
    spin.setAccessibleName(name)
    spin.setMinimumWidth(70)
    return spin


class WizardPage(QWizardPage):
    """Base page: Back keeps what was entered (no cleanup), and a typed accessor for the wizard."""

    def owner(self) -> FrenchAnswers:
        """The wizard holding the answers (the page's own wizard, once it is added to one)."""
        wizard = self.wizard()
        assert wizard is not None, "the page is in no wizard"
        return cast(FrenchAnswers, wizard)

    #: The page's line for typed numbers it refused (pages with number boxes add one).
    refusals: RefusalLine | None = None

    def show_refusals(self, layout: QLayout, name: str) -> None:
        """Say on the page when one of its number boxes refuses a typed number."""
        self.refusals = RefusalLine.below(self, layout, name)

    def validatePage(self) -> bool:
        """Next or Finish pressed while a box held a number it refused stays here, so the message is read."""
        return self.refusals is None or not self.refusals.keeps_open()

    def cleanupPage(self) -> None:
        """Going Back leaves the answers as they are."""
