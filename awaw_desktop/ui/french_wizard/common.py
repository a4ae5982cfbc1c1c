"""What every page of the French wizard shares: small label and number helpers and the page base class."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QSpinBox, QWizardPage

from ...core.awaw import france
from ...core.awaw.common import Consequence

if TYPE_CHECKING:
    from .wizard import FrenchSurrenderWizard


POWER = france.KEY
PAGE_NAMES = ("level", "vichy", "colonies", "forces", "summary")


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


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


def number_input(name: str, minimum: int, maximum: int, value: int = 0) -> QSpinBox:
    spin = QSpinBox()
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

    def cleanupPage(self) -> None:
        """Going Back leaves the answers as they are."""
