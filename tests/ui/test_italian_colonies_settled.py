"""Issue 37: Italy's surrender settles its colonies and conquests (56.52): they are controlled by no one, not "held by
Italy", until the first major power occupies them, which the players choose on The war tab.  Played through the
window from File > New game."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn

from .campaign_helpers import WAR_TAB, copied_report, end_turn, enter_inputs, facts_on_the_war_tab, new_game, show_tab
from .helpers import choose, find, text
from .test_campaign import Campaign


def test_italys_surrender_leaves_libya_and_albania_to_no_one_until_a_power_occupies_them(qtbot):
    game = Campaign(qtbot, Edition.UPDATED)
    window = game.window
    new_game(qtbot, window, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Italy falls")
    enter_inputs(qtbot, window)
    for _ in range(3):   # to Summer 1940: Italy at war with the Western Allies
        end_turn(qtbot, window)
    if not find(show_tab(window, WAR_TAB), "Italy at war with the Western Allies: at war", QCheckBox).isChecked():
        find(show_tab(window, WAR_TAB), "Italy at war with the Western Allies: at war", QCheckBox).click()
    shown = facts_on_the_war_tab(window)
    assert shown["possession.libya"] == "italy" and shown["possession.albania"] == "italy"
    war = show_tab(window, WAR_TAB)
    find(war, "Allies control Rome", QCheckBox).click()
    assert "Surrenders" in text(window.power_tabs["italy"], "Italy status")
    end_turn(qtbot, window)
    assert "Has surrendered" in text(window.power_tabs["italy"], "Italy status")
    shown = facts_on_the_war_tab(window)
    assert shown["possession.libya"] == "no-one" and shown["possession.albania"] == "no-one", shown
    war = show_tab(window, WAR_TAB)
    libya = find(war, "Libya is held by", QComboBox)
    assert libya.currentText().startswith("no one"), libya.currentText()
    happened = copied_report(window).split("== What happened ==")[1]
    assert "Libya is held by no one: Italy has surrendered (56.52)" in happened, happened
    assert "Italy" not in [libya.itemText(i) for i in range(libya.count()) if i == libya.currentIndex()]

    # The Allies occupy Libya first: the players say so; the next end of turn leaves their choice as it is.
    choose(war, "Libya is held by", "the Allies")
    end_turn(qtbot, window)
    shown = facts_on_the_war_tab(window)
    assert shown["possession.libya"] == "allied" and shown["possession.albania"] == "no-one", shown
