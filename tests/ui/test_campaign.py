"""A campaign from Fall 1939 into 1943, played through the main window in each edition as players play it:
File > New game, then each turn ticks and numbers on the tabs and on The war tab, Turn > End Allied player
turn, the French and British surrender wizards, the U.S. entering the war, Japan's declaration, Singapore,
Italy's surrender, a save and reopen followed by undo, and Turn > Go back.

After every step the screen is read back: no fact of the war shows two ways on two tabs, France is out of
the war on the Britain and Russia tabs once it surrenders, each tab's level moves by what the rules say for
the lines set (Britain: 59.21, 59.22A), and the Overview shows the levels the tabs show."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFileDialog, QLineEdit, QListWidget, QMessageBox, QRadioButton, QWizard

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.ui.main_window import MainWindow

from .campaign_helpers import (
    WAR_TAB,
    checked,
    disagreements,
    end_turn,
    facts_on_the_war_tab,
    new_game,
    overview_mismatches,
    power_tab,
    show_tab,
    tab_level,
    visit_every_tab,
)
from .helpers import NextDialog, find, press, text, tick, type_number

NEXT = QWizard.WizardButton.NextButton
BACK = QWizard.WizardButton.BackButton
FINISH = QWizard.WizardButton.FinishButton
FILE_FILTER = "AWAW sessions (*.awaw)"
FRANCE_AT_WAR = "Other major powers at war with the European Axis: France"
RUSSIA_SEES_FRANCE = "Western Allied powers at war with Germany: France"


def wizard_press(qtbot, wizard, which) -> None:
    button = wizard.button(which)
    assert button.isVisible() and button.isEnabled(), f"{button.text()} is disabled on page {wizard.currentId()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def radio(qtbot, wizard, name) -> None:
    button = find(wizard, name, QRadioButton)
    assert button.isEnabled(), f"{name} is disabled"
    button.click()
    assert button.isChecked()


def type_die(qtbot, wizard, name, value) -> None:
    edit = find(wizard, name, QLineEdit)
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, str(value))


class Campaign:
    """One game in one window, with the checks read from the screen after every step."""

    def __init__(self, qtbot, edition: Edition) -> None:
        self.qtbot, self.edition = qtbot, edition
        window = MainWindow()
        window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # teardown must not ask
        qtbot.addWidget(window)
        window.show()
        self.window = window
        self.steps = 0

    def check(self, step: str) -> None:
        """What every step must leave on the screen."""
        self.steps += 1
        where = f"{self.edition.title}, {self.window.store.session.turn.title}, after {step}"
        visit_every_tab(self.window)
        wrong = disagreements(self.window)
        assert not wrong, f"{where}: a fact shows two ways: " + "; ".join(wrong)
        wrong = overview_mismatches(self.window)
        assert not wrong, f"{where}: the Overview and the tabs disagree: " + "; ".join(wrong)

    def britain(self) -> int:
        return tab_level(self.window, "britain")

    def end_turn(self, **kwargs) -> list[str]:
        asked = end_turn(self.qtbot, self.window, **kwargs)
        self.check(f"End of turn (asked: {asked})")
        return asked


def walk_french_surrender(qtbot, outcomes):
    """Hands for the French wizard: Vichy set up, dice typed so Tunisia goes Vichy."""

    def walk(wizard):
        assert wizard.currentPage() is wizard.level_page
        assert find(wizard, "Axis control Paris", QCheckBox).isChecked(), "the wizard did not read Paris"
        wizard_press(qtbot, wizard, NEXT)
        radio(qtbot, wizard, "Set up Vichy France")
        wizard_press(qtbot, wizard, NEXT)
        type_die(qtbot, wizard, "Lebanon-Syria die", 1)
        type_die(qtbot, wizard, "French North Africa die", 6)
        outcomes["tunisia"] = text(wizard, "Tunisia outcome")
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, FINISH)

    return walk


def walk_british_offer(qtbot, shown):
    """Hands for the British wizard: Germany looks at acceptance (the concessions page), then declines."""
    from awaw_desktop.ui import british_wizard as bw

    def walk(wizard):
        radio(qtbot, wizard, "Germany accepts")
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_REDUCTIONS
        type_number(qtbot, wizard, "AAF removed", 20)
        type_number(qtbot, wizard, "BRPs of ground units or NAS removed", 40)
        type_number(qtbot, wizard, "Other naval factors", 100)
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_CONCESSIONS
        shown["tunisia"] = find(wizard, "Tunisia status", QComboBox).currentText()
        shown["take tunisia"] = find(wizard, "Take Tunisia", QCheckBox).isEnabled()
        wizard_press(qtbot, wizard, BACK)
        wizard_press(qtbot, wizard, BACK)
        radio(qtbot, wizard, "Germany declines")
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_SUMMARY
        wizard_press(qtbot, wizard, FINISH)

    return walk


@pytest.mark.parametrize("edition", list(Edition))
def test_a_campaign_from_fall_1939_into_1943(qtbot, tmp_path, monkeypatch, edition):
    game = Campaign(qtbot, edition)
    window = game.window
    new_game(qtbot, window, edition, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Campaign")
    assert window.store.session.turn == Turn(1939, Season.FALL)
    game.check("File > New game")
    assert checked(window, "britain", FRANCE_AT_WAR) and checked(window, "russia", RUSSIA_SEES_FRANCE)
    britain = game.britain()

    # Fall 1939 to Spring 1940: nothing changes on the map that the tables read.
    for _ in range(3):
        game.end_turn()
    assert window.store.session.turn == Turn(1940, Season.SUMMER)
    assert game.britain() == britain

    # Summer 1940: Paris falls; the end of turn offers the French surrender.
    tick(qtbot, power_tab(window, "france"), "Axis control Paris")
    game.check("Paris falls (France tab)")
    assert find(window.facts_tab, "Axis control Paris", QCheckBox).isChecked()
    outcomes: dict[str, str] = {}
    offered: list[bool] = []

    def sees(dialog):
        offered.append(find(dialog, "Walk through the French surrender (58)").isVisible())

    game.end_turn(seen=sees, wizard=("Walk through the French surrender (58)", walk_french_surrender(qtbot, outcomes)))
    assert offered == [True]
    assert "Vichy" in outcomes["tunisia"]
    assert window.store.session.turn == Turn(1940, Season.FALL)
    assert not checked(window, "britain", FRANCE_AT_WAR), "France is still at war on the Britain tab"
    assert not checked(window, "russia", RUSSIA_SEES_FRANCE), "France is still at war on the Russia tab"
    assert facts_on_the_war_tab(window)["colony.tunisia"] == "vichy"
    assert game.britain() == britain - 1, "59.21: France's war ending costs Britain exactly 1"
    britain -= 1
