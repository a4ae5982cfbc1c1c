"""What every page of the British wizard shares: the page ids, the words for the core's states, small
widget helpers and the page base class."""

from __future__ import annotations

import re
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QLayout, QScrollArea, QWidget, QWizardPage

from ....core.awaw import britain_surrender as bs
from ....core.awaw.session import Session
from ...shell.accessible import LiveLabel
from ...shell.number_box import RefusalLine
from ..store import SessionStore


class BritishAnswers(Protocol):
    """What the pages read and write of the wizard (``wizard.BritishSurrenderWizard``): the players' answers so far
    and what the core makes of them.  Each page gets it passed in, so no page imports the wizard."""

    store: SessionStore
    available: bool
    unconfirmed: list[tuple[str, str]]
    reason: str
    offer: bs.Offer | None
    resistance: int
    us_at_war: bool
    accepted: bool
    japan_at_war_with_britain: bool
    japan_at_war_with_us: bool
    japan_adheres: bool | None
    aaf: int
    ground_nas_brps: int
    other_naval: int
    ships: list[bs.Ship]
    exhausted: set[str]
    statuses: dict[str, str]
    minor_modes: dict[str, str]
    chosen: dict[str, str]
    indemnity: int
    indemnity_answered: bool
    returns: set[str]
    british_at_start: dict[str, bool]
    home: bs.HomeControl

    @property
    def session(self) -> Session: ...

    def overrides(self) -> list[str]: ...

    def minor_keys(self) -> set[str]: ...

    def add_minor(self, name: str, brps: int) -> bs.ConcessionItem: ...

    def items(self) -> tuple[bs.ConcessionItem, ...]: ...

    def far_east_needed(self) -> bool: ...

    def reduction_choice(self) -> bs.ReductionChoice: ...

    def outcome(self) -> bs.SurrenderOutcome: ...

    def concession_choices(self) -> tuple[bs.ItemChoice, ...]: ...

    def concession_verdict(self) -> bs.Verdict: ...

    def return_choices(self) -> tuple[bs.ItemChoice, ...]: ...

    def answers_changed(self) -> None: ...


PAGE_OFFER, PAGE_REDUCTIONS, PAGE_WAR, PAGE_CONCESSIONS, PAGE_CONCILIATION, PAGE_FAR_EAST, PAGE_SUMMARY = range(7)

#: What each page is called in ``screens`` (``british-wizard-<n>-<slug>``).
PAGE_SLUGS = {PAGE_OFFER: "offer", PAGE_REDUCTIONS: "reductions", PAGE_WAR: "war-continues",
              PAGE_CONCESSIONS: "concessions", PAGE_CONCILIATION: "conciliation", PAGE_FAR_EAST: "far-east",
              PAGE_SUMMARY: "summary"}

#: Each ship state in the players' words (the summary and the record say the same, ``SHIP_STATE_WORDS``).
STATE_WORDS = bs.reductions.SHIP_STATE_WORDS
ITEM_STATUS_WORDS = {
    bs.ItemStatus.ELIGIBLE: "Eligible",
    bs.ItemStatus.AXIS_CONTROLLED: "Already Axis-controlled",
    bs.ItemStatus.INDEPENDENT: "Independent",
    bs.ItemStatus.NOT_ELIGIBLE: "Not eligible",
}
MODE_WORDS = {bs.MinorMode.NEUTRALITY: "Neutrality (1 per 5 BRPs)",
              bs.MinorMode.AXIS_CONTROL: "Axis control (2 per 5 BRPs)"}
KIND_WORDS = {"aaf": "AAF", "ground_nas_brps": "ground units or NAS", "naval_factors": "naval units"}


def state_label(state: bs.ShipState) -> str:
    """A ship state with its 59.513D discount, read from the core's table."""
    discount = bs.SHIP_DISCOUNT[state]
    value = "full value" if not discount else "\u2212" + str(discount)
    return f"{STATE_WORDS[state]} ({value})"


def named(widget: QWidget, name: str, tip: str = "") -> QWidget:
    widget.setAccessibleName(name)
    if tip:
        widget.setToolTip(tip)
    return widget


def wrapped(text: str = "", name: str = "") -> QLabel:
    label = LiveLabel(text)   # named: a screen reader hears the name and the words shown
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setAccessibleName(name)
    return label


def waiting_label(name: str) -> QLabel:
    """The line that says which answer the page waits for while Next stays disabled (empty once given)."""
    label = wrapped(name=name)
    label.setObjectName("waiting")
    label.setStyleSheet("font-weight: 600;")
    return label


def problem_label(name: str) -> QLabel:
    label = wrapped(name=name)
    label.setObjectName("problems")
    label.setStyleSheet("color: #b00020;")
    return label


def scrolled(widget: QWidget) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.StyledPanel)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # not a Tab stop of its own: Tab goes to the rows in it
    scroll.setWidget(widget)
    return scroll


def clear_grid(grid: QGridLayout) -> None:
    """Empty a grid at once (detached, so no old row is found by name before it is deleted)."""
    while grid.count():
        item = grid.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "minor"


class WizardPage(QWizardPage):
    """A page that reads and writes the wizard's answers and refreshes from the core."""

    def __init__(self, wizard: BritishAnswers, title: str, subtitle: str) -> None:
        super().__init__()
        self.owner = wizard
        #: The title without its step number: the wizard numbers the pages the players see (``number``).
        self.base_title = title
        self.setTitle(title)
        self.setSubTitle(subtitle)

    def number(self, step: int | None) -> None:
        """Show this page as step ``step`` of the players' way through the wizard (None: not on it)."""
        self.setTitle(self.base_title if step is None else f"{step}. {self.base_title}")

    #: The page's line for typed numbers it refused (pages with number boxes add one).
    refusals: RefusalLine | None = None

    def show_refusals(self, layout: QLayout, name: str, within: QWidget | None = None) -> None:
        """Say on the page when one of its number boxes (those under ``within``, else the page's)
        refuses a typed number."""
        self.refusals = RefusalLine.below(within or self, layout, name)

    def refused_just_now(self) -> bool:
        """True if a number box refused what was typed as the player pressed a button: the button waits."""
        return self.refusals is not None and self.refusals.keeps_open()

    def validatePage(self) -> bool:
        """Next or Finish pressed while a box held a number it refused stays here, so the message is read."""
        return not self.refused_just_now()

    def refresh(self) -> None:
        """Show what the core makes of the current answers."""

    def changed(self) -> None:
        self.owner.answers_changed()
