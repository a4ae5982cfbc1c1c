"""Issue 37: an Allied defeat the end of turn declared (62.91) stays declared; a later entry does not undo it.
Correcting it is an explicit step, asked with a reason and kept in the record of the game.  Played through the
window from File > New game: France falls, Britain surrenders, Russia at 0 or less."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QLabel

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn

from .campaign_helpers import copied_report, end_turn, enter_inputs, new_game, power_tab, show_tab, tab_level
from .helpers import NextDialog, find, press, tick, type_number
from .test_campaign import Campaign
from .test_campaign_settled import walk_britain_cedes, walk_the_french_surrender

VALUES = {("germany", "dp_level"): 10, ("italy", "dp_level"): 4, ("japan", "pacific_objectives"): 6,
          ("france", "ground_factors"): 40, ("france", "french_objectives"): 3, ("britain", "dp_level"): 8,
          ("britain", "unbuilt_factors"): 10, ("britain", "usat_level"): 10, ("russia", "unbuilt_factors"): 0,
          ("russia", "dp_level"): -3, ("china", "unbuilt_ground"): 9, ("china", "force_pool"): 40}
OVER = "Allied defeat (62.91): the game is over"
WITHDRAW = "Withdraw the declared Allied defeat (a correction)\u2026"


def test_a_declared_allied_defeat_stays_declared_until_the_players_withdraw_it(qtbot):
    game = Campaign(qtbot, Edition.ORIGINAL)
    window = game.window
    new_game(qtbot, window, Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Axis victory")
    enter_inputs(qtbot, window, VALUES)
    for _ in range(3):
        end_turn(qtbot, window)
    tick(qtbot, power_tab(window, "france"), "Axis control Paris")
    end_turn(qtbot, window, wizards=(("Walk through the French surrender (58)", walk_the_french_surrender(qtbot, {})),))
    britain = power_tab(window, "britain")
    dp = find(britain, "British DP level").value()
    type_number(qtbot, britain, "British DP level", dp - 4 - tab_level(window, "britain"))
    assert tab_level(window, "russia") <= 0
    end_turn(qtbot, window, wizards=(
        ("Germany answers the British offer: British surrender wizard (59)", walk_britain_cedes(qtbot, {})),))
    assert window.store.session.turn == Turn(1940, Season.WINTER)
    banner = find(window.overview, "Allied defeat (62.91)", QLabel)
    show_tab(window, "Overview")
    assert OVER in banner.text(), banner.text()
    withdraw = find(window.overview, WITHDRAW.removesuffix("\u2026"))
    assert withdraw.isVisible()

    # The next turn, Russia's DP level typed: the game stays over, as the end of Fall 1940 declared it.
    type_number(qtbot, power_tab(window, "russia"), "Russian DP level", 12)
    assert tab_level(window, "russia") > 0
    show_tab(window, "Overview")
    assert OVER in banner.text() and "Declared at the end of Fall 1940" in banner.text(), banner.text()

    # Cancelled, the correction changes nothing.
    def cancel(dialog):
        assert isinstance(dialog, QInputDialog) and "Fall 1940" in dialog.labelText()
        dialog.reject()

    hands = NextDialog(cancel, QInputDialog)
    press(qtbot, window.overview, WITHDRAW)
    hands.check()
    assert OVER in banner.text()

    def correct(dialog):
        dialog.setTextValue("Russia's DP level was wrong: 12, not 0")
        dialog.accept()

    hands = NextDialog(correct, QInputDialog)
    press(qtbot, window.overview, WITHDRAW)
    hands.check()
    show_tab(window, "Overview")
    assert "No Allied defeat (62.91)" in banner.text(), banner.text()
    assert not withdraw.isVisible()
    happened = copied_report(window).split("== What happened ==")[1]
    assert "Correction: the Allied defeat declared at the end of Fall 1940 is withdrawn" in happened, happened
    assert "Russia's DP level was wrong: 12, not 0" in happened
    window.action_undo.trigger()   # one step: the defeat is declared again
    show_tab(window, "Overview")
    assert OVER in banner.text()
