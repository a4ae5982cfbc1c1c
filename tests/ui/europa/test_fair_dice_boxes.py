"""Europa's "Roll for me" in play by e-mail (issue 31 part 4), pressed on the Axis player's computer: refused with
what to do until the Allied file has revealed its part, then the game's next fair die, recorded before the roll."""

import pytest

from awaw_desktop.core.europa import actions, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record import fair_dice
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
from tests.ui.europa.test_nation_panel import press
from tests.ui.europa.test_surrender_defection_boxes import status

ANN, BOB = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")   # Ann plays the Axis


@pytest.fixture(autouse=True)
def _one_table_afterwards():
    yield
    play_as(None)
    fair_dice.forget_drawn()


def axis_panel(qtbot, files):
    """Italy's panel on the Axis computer, after ``files`` files sent each way in turn (Axis first)."""
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43")), "Italy")
    game = replace(game, record=take_side(take_side(game.record, ANN, "axis", "Jul I 43"), BOB, "allied", "Jul I 43"))
    for index in range(files):
        play_as((ANN, BOB)[index % 2])
        game = game_record.recorded(game, actions.set_special_rate(game, "Italy", 40 + index), "Rate")
    play_as(ANN)
    widget = NationPanel(EuropaGameHolder(game), "Italy")
    qtbot.addWidget(widget)
    widget.show()
    return widget


def test_roll_for_me_waits_for_the_allied_file_then_draws_the_next_fair_die(qtbot):
    panel = axis_panel(qtbot, files=1)
    press(qtbot, panel, "Roll for me")
    assert status(panel, "Surrender message") == ("No die left to roll until the Allied player's next file: wait, "
                                                  "or type a real die, once both players agreed to typed dice")
    assert panel.holder.game.nation("Italy").surrender.rolls == ()

    panel = axis_panel(qtbot, files=3)
    dice, _ = fair_dice.read(panel.holder.game.record)
    expected = fair_dice.face(panel.holder.game.record.game_id, 1, dice.element("axis", 1),
                              dice.element("allied", 1))
    press(qtbot, panel, "Roll for me")
    roll = panel.holder.game.nation("Italy").surrender.rolls[-1]
    assert (roll.die, roll.source) == (expected, "rolled")
    assert f"Last roll: {expected} (rolled by the app)" in status(panel, "Surrender status")
    die, used = panel.holder.game.record.entries[-2:]
    assert die.data["fair_dice"]["draw"] == 1 and "(rolled by the app)" in used.summary
    assert fair_dice.problem(panel.holder.game.record) is None
