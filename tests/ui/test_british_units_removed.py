"""Issue 37: after a British surrender's force reductions the players are asked to change the Britain tab's entries
(59.871): on the Britain tab until the end of the turn, in that end of turn and in the record of the game, as Russia's
60.32B one is; with the factors that left the naval ratio (59.22F), not the 59.513D value: a damaged 4-factor ship
counts 3 towards the reduction but its 4 factors leave the ratio.  Played through the window from File > New game."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPlainTextEdit, QTextEdit

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn

from .campaign_helpers import copied_report, end_turn, enter_inputs, new_game, power_tab, tab_level
from .helpers import NextDialog, choose, find, press, text, tick, type_number
from .test_campaign import FINISH, NEXT, Campaign, radio, wizard_press
from .test_campaign_settled import walk_the_french_surrender

VALUES = {("germany", "dp_level"): 10, ("italy", "dp_level"): 4, ("japan", "pacific_objectives"): 6,
          ("france", "ground_factors"): 40, ("france", "french_objectives"): 3, ("britain", "dp_level"): 8,
          ("britain", "unbuilt_factors"): 10, ("britain", "usat_level"): 10, ("russia", "unbuilt_factors"): 0,
          ("russia", "dp_level"): 12, ("china", "unbuilt_ground"): 9, ("china", "force_pool"): 40}
NOTE = "Britain tab: add the ground and army air factors of the units removed (8 AAF and 16 BRPs"
NAVAL = "take the 41 naval factors eliminated (37 full-strength and 4 half-strength) off the Allied side"


def walk_reductions_with_a_damaged_ship(qtbot, seen):
    def walk(wizard):
        radio(qtbot, wizard, "Germany accepts")
        wizard_press(qtbot, wizard, NEXT)
        type_number(qtbot, wizard, "AAF removed", 8)
        type_number(qtbot, wizard, "BRPs of ground units or NAS removed", 16)
        name = find(wizard, "Ship name", QLineEdit)
        name.setFocus()
        qtbot.keyClicks(name, "CA Exeter")
        type_number(qtbot, wizard, "Ship factors", 4)
        choose(wizard, "Ship state", "Damaged (\u22121)")
        press(qtbot, wizard, "Add ship")
        type_number(qtbot, wizard, "Other naval factors", 37)   # with the damaged ship's 3: the 40 required (59.512)
        name.setFocus()
        qtbot.keyClicks(name, "BB Warspite")
        type_number(qtbot, wizard, "Ship factors", 5)
        choose(wizard, "Ship state", "Intact (full value)")
        press(qtbot, wizard, "Add ship")
        type_number(qtbot, wizard, "Other naval factors", 32)   # 32 + 5 + 3 = 40: 32 + 5 full, 4 half leave the ratio
        wizard_press(qtbot, wizard, NEXT)
        for name in ("Lebanon/Syria", "Malta", "Palestine (with Cyprus)", "Transjordan", "Gibraltar"):
            box = find(wizard, f"Take {name}", QCheckBox)
            if box.isEnabled():
                box.click()
        combo = find(wizard, "Indemnity", QComboBox)
        combo.setCurrentIndex(combo.findText("None"))
        while wizard.button(FINISH).isHidden():
            wizard_press(qtbot, wizard, NEXT)
        seen["summary"] = find(wizard, "Summary", QPlainTextEdit).toPlainText() \
            if wizard.findChildren(QPlainTextEdit) else find(wizard, "Summary", QTextEdit).toPlainText()
        wizard_press(qtbot, wizard, FINISH)

    return walk


def test_the_entries_to_change_after_britains_reductions_are_on_the_tab_and_in_the_end_of_turn(qtbot):
    game = Campaign(qtbot, Edition.ORIGINAL)
    window = game.window
    new_game(qtbot, window, Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Reductions")
    enter_inputs(qtbot, window, VALUES)
    for _ in range(3):
        end_turn(qtbot, window)
    tick(qtbot, power_tab(window, "france"), "Axis control Paris")
    end_turn(qtbot, window, wizards=(("Walk through the French surrender (58)", walk_the_french_surrender(qtbot, {})),))
    britain = power_tab(window, "britain")
    dp = find(britain, "British DP level").value()
    type_number(qtbot, britain, "British DP level", dp - 4 - tab_level(window, "britain"))
    seen: dict[str, str] = {}
    hands = NextDialog(walk_reductions_with_a_damaged_ship(qtbot, seen))
    find(britain, "British surrender wizard").click()
    hands.check()
    assert "Ship eliminated: BB Warspite, 5 factor(s), intact: counts 5." in seen["summary"], seen["summary"]
    assert "active" not in seen["summary"]
    britain = power_tab(window, "britain")
    on_tab = text(britain, "Britain consequences")
    assert "<b>59.871</b> " + NOTE in on_tab and NAVAL in on_tab and "(now 10)" in on_tab, on_tab

    said: list[str] = []
    end_turn(qtbot, window, seen=lambda dialog: said.extend(label.text() for label in dialog.findChildren(QLabel)))
    shown = " ".join(said)
    assert "Britain tab: add the ground and army air factors" in shown and NAVAL in shown, shown
    assert "Britain tab: add the ground" not in text(power_tab(window, "britain"), "Britain consequences")
    happened = copied_report(window).split("== What happened ==")[1]
    assert happened.count("Britain tab: add the ground and army air factors") == 2   # the wizard's and the turn's
    assert NAVAL in happened
