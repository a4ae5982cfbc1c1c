"""A disabled button says why: every disabled button of the window and of every wizard page has a
tooltip with the reason (the wizards' own Back/Next/Finish aside: the page says what is missing)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractButton, QWizard

from awaw_desktop.core.awaw.common import Edition, Scenario

from .test_main_window import make_window


def unexplained(root) -> list[str]:
    wizard_buttons = set()
    for wizard in [root, *root.findChildren(QWizard)]:
        if isinstance(wizard, QWizard):
            wizard_buttons |= {wizard.button(which) for which in QWizard.WizardButton if which.value <= 8}
    return [f"{button.text() or button.accessibleName()!r} in {button.window().windowTitle() or root.objectName()}"
            for button in root.findChildren(QAbstractButton)
            if not button.isEnabled() and not button.isHidden() and not button.toolTip().strip()
            and button not in wizard_buttons and button.text()]


@pytest.mark.parametrize(("edition", "scenario"), [(Edition.UPDATED, Scenario.GLOBAL_WAR),
                                                   (Edition.ORIGINAL, Scenario.EUROPEAN),
                                                   (Edition.CLASSIC, Scenario.PACIFIC)])
def test_every_disabled_button_says_why(qtbot, edition, scenario):
    window = make_window(qtbot, edition, scenario)
    for power in window.power_tabs:
        window.show_power(power)
    found = unexplained(window)
    disabled = [b for b in window.findChildren(QAbstractButton) if not b.isEnabled() and not b.isHidden()]
    for _name, screen in window.wizard_screens():
        qtbot.addWidget(screen)
        found += unexplained(screen)
        disabled += [b for b in screen.findChildren(QAbstractButton) if not b.isEnabled() and not b.isHidden()]
    assert not found, found
    assert disabled, "the check must see disabled buttons (wizards not due, dice not needed)"
