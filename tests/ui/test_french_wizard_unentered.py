"""Issue 37: the French wizard records no surrender level from values nobody entered.  Played through the window from
File > New game as the players did."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn

from .campaign_helpers import copied_report, end_turn, enter_inputs, new_game, power_tab
from .helpers import NextDialog, find, text, tick, type_number
from .test_campaign import FINISH, NEXT, Campaign, radio, type_die, wizard_press

CONFIRM = "Confirm the values nobody has entered"
FLEET = ("france", "fleet")
DPS = ("france", "dps")
OBJECTIVES = ("france", "french_objectives")
#: This turn's inputs as a group enters them in Fall 1939 (the others as they count).
VALUES = {("germany", "dp_level"): 10, ("italy", "dp_level"): 4, ("japan", "pacific_objectives"): 6,
          ("france", "ground_factors"): 21, ("france", "french_objectives"): 3, ("britain", "dp_level"): 8,
          ("britain", "unbuilt_factors"): 10, ("britain", "usat_level"): 10, ("russia", "dp_level"): 6,
          ("russia", "ics"): 20, ("china", "unbuilt_ground"): 9, ("china", "force_pool"): 40}


def a_game_to_summer_1940(qtbot, leave=(), values=None) -> Campaign:
    """File > New game in Fall 1939, This turn's inputs entered but ``leave``, three turns ended."""
    game = Campaign(qtbot, Edition.ORIGINAL)
    new_game(qtbot, game.window, Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Round five")
    enter_inputs(qtbot, game.window, {**VALUES, **(values or {})}, leave=leave)
    for _ in range(3):
        end_turn(qtbot, game.window)
    assert game.window.store.session.turn == Turn(1940, Season.SUMMER)
    return game


def test_the_french_wizard_asks_for_the_values_nobody_entered_on_its_first_page(qtbot):
    """France's other objectives, fleet and DPs never entered: the level page names them as not entered and goes on
    only once each is entered there or confirmed as counted (nothing ticked for the players); the fleet typed in
    the wizard is entered as typed, the others as confirmed, and the record of the game says so."""
    game = a_game_to_summer_1940(qtbot, leave=(FLEET, DPS, OBJECTIVES))
    window = game.window
    france = power_tab(window, "france")
    tick(qtbot, france, "Axis control Paris")

    def cancel(wizard):   # looked at from the France tab, confirmed, then Cancel: nothing is entered
        wizard.asks_before_discarding = False
        tick(qtbot, wizard, CONFIRM)
        assert wizard.button(NEXT).isEnabled()
        wizard.reject()

    hands = NextDialog(cancel)
    find(france, "French surrender wizard").click()
    hands.check()
    assert not any(window.store.session.is_entered(*key) for key in (FLEET, DPS, OBJECTIVES))
    seen: dict[str, object] = {}

    def walk(wizard):
        box = find(wizard, CONFIRM, QCheckBox)
        assert box.isVisibleTo(wizard) and not box.isChecked()
        seen["first"] = box.text()
        seen["notes"] = [label.text() for label in wizard.level_page.notes.values()]
        seen["check"] = text(wizard, "Surrender check")
        assert not wizard.button(NEXT).isEnabled(), "the level went on resting on values nobody entered"
        type_number(qtbot, wizard, "French fleet (naval factors): Full-strength factors", 30)
        seen["after fleet"] = box.text()
        assert not wizard.button(NEXT).isEnabled()
        tick(qtbot, wizard, CONFIRM)
        wizard_press(qtbot, wizard, NEXT)
        radio(qtbot, wizard, "Set up Vichy France")
        wizard_press(qtbot, wizard, NEXT)
        type_die(qtbot, wizard, "Lebanon-Syria die", 1)
        type_die(qtbot, wizard, "French North Africa die", 6)
        wizard_press(qtbot, wizard, NEXT)
        for name, count in (("named ships", 3), ("cruisers", 2), ("destroyer factors", 4)):
            type_number(qtbot, wizard, f"French {name} that exist", count)
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, FINISH)

    end_turn(qtbot, window, wizards=(("Walk through the French surrender (58)", walk),))
    first = str(seen["first"])
    for words in ("French fleet (naval factors) (58.21C), counted as 42 full-strength factors",
                  "DPs placed in France (58.21E), counted as 0",
                  "Other European objectives France holds (58.21A), counted as 0"):
        assert words in first, first
    assert "French fleet" not in str(seen["after fleet"]) and "DPs placed in France" in str(seen["after fleet"])
    assert any(note.startswith("not entered; counted as 42") for note in seen["notes"]), seen["notes"]
    assert "confirmed below" in str(seen["check"])
    session = window.store.session
    assert session.inputs["france"]["fleet"] == {"full": 30, "half": 0}
    assert all(session.is_entered(*key) for key in (FLEET, DPS, OBJECTIVES))
    happened = copied_report(window).split("== What happened ==")[1]
    assert "France: DPs placed in France confirmed as 0 (58.21E)." in happened, happened
    assert "France: French fleet (naval factors) confirmed" not in happened   # typed, not confirmed

