"""What every page of the French wizard shares: small label and number helpers and the page base class."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QLayout, QWizardPage

from ....core.awaw import france
from ....core.awaw.common import Consequence
from ....core.awaw.levels import signed as signed  # the pages import it from here
from ...shell.number_box import NumberBox, RefusalLine

if TYPE_CHECKING:
    from .wizard import FrenchSurrenderWizard


POWER = france.KEY
PAGE_NAMES = ("level", "vichy", "colonies", "forces", "summary")


def bullet_list(items: list[Consequence] | tuple[Consequence, ...]) -> str:
    rows = "".join(f"<li><b>{escape(c.rule)}</b> {escape(c.text)}</li>" for c in items)
    return f"<ul style='margin-left:-20px'>{rows}</ul>"


def wrapped_label(text: str = "", name: str = "", rich: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setAccessibleName(name)
    return label


def bold_label(text: str = "", name: str = "", scale: float = 1.0) -> QLabel:
    label = QLabel(text)
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

    def owner(self) -> FrenchSurrenderWizard:
        from .wizard import FrenchSurrenderWizard  # here, not at the top: the wizard module imports the pages

        wizard = self.wizard()
        assert isinstance(wizard, FrenchSurrenderWizard)
        return wizard

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
