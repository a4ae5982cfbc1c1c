"""The start of each game turn (56.A, 56.B): the players record which conditions hold; the turn's events list every
nation whose check is due; nothing is decided for them."""

import pytest

from awaw_desktop.core.europa import actions, actions_surrender
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.turn_start import (
    DEFECTION_CHECK,
    RECORD_DEFECTION,
    RECORD_SURRENDER,
    SURRENDER_CHECK,
    checks_due,
    due_this_turn,
)
from awaw_desktop.core.lines import RulesInputError

T = EuropaTurn.parse


def game_with(*names):
    game = actions.new_game(T("Jun II 43"), "Checks")
    for name in names:
        game = actions.add_nation(game, name)
    return game


def kinds(game, nation):
    return [(due.kind, due.done) for due in due_this_turn(game, nation)]


def test_a_condition_written_down_asks_to_be_recorded_and_decides_nothing():
    game = actions_surrender.set_condition_text(game_with("Rumania"), "Rumania", "defection",
                                                "Soviet units in Rumania")
    assert kinds(game, "Rumania") == [(RECORD_DEFECTION, False)]
    game = actions_surrender.record_condition(game, "Rumania", "defection", False)
    assert kinds(game, "Rumania") == [] and "the defection condition does not hold" in game.log[-1].text
    game = actions_surrender.record_condition(game, "Rumania", "defection", True)
    assert kinds(game, "Rumania") == [(DEFECTION_CHECK, False)]
    game, events = actions.end_turn(game)
    assert [str(e) for e in events if e.nation == "Rumania"] == [
        "Jul I 1943 \u2014 Rumania: the defection condition holds: a defection check is due (the players make it; "
        "nothing is decided for them) (56.B)"]
    assert game.nation("Rumania").defection.defected is None                     # nothing decided
    game = actions_surrender.record_defection_check(game, "Rumania", "the king holds", 3)
    assert kinds(game, "Rumania") == [(DEFECTION_CHECK, True)] and checks_due(game) == ()
    assert "defection check: die 3 (typed from a real die); the king holds" in game.log[-1].text
    game, events = actions.end_turn(game)
    assert kinds(game, "Rumania") == [(DEFECTION_CHECK, False)]                # due again the next turn


def test_every_nation_whose_check_is_due_is_listed():
    game = game_with("Italy", "Hungary", "Finland")
    game = actions.set_condition_met(game, "Italy", True)
    game = actions_surrender.record_condition(game, "Hungary", "defection", True)
    game = actions.set_surrender_condition(game, "Finland", "Soviets across the 1940 border")
    game, events = actions.end_turn(game)
    due = {(e.nation, e.rule) for e in events if "check is due" in e.text}
    assert due == {("Italy", "56.A"), ("Hungary", "56.B")}
    assert kinds(game, "Finland") == [(RECORD_SURRENDER, False)]
    game = actions.record_surrender_roll(game, "Italy", 5)
    assert kinds(game, "Italy") == [(SURRENDER_CHECK, True)]
    assert [due.nation for due in checks_due(game)] == ["Hungary"]


def test_a_nation_that_left_the_axis_has_nothing_due():
    game = actions.set_condition_met(game_with("Italy"), "Italy", True)
    game = actions.surrender_nation(game, "Italy")
    assert due_this_turn(game) == ()
    with pytest.raises(RulesInputError, match="no longer an Axis-Allied nation"):
        actions.set_condition_met(game, "Italy", True)
    with pytest.raises(RulesInputError, match="no more defection checks"):
        actions_surrender.record_defection_check(game, "Italy", "nothing")


def test_a_defection_check_says_what_it_gave():
    game = game_with("Finland")
    with pytest.raises(RulesInputError, match="say what the defection check gave"):
        actions_surrender.record_defection_check(game, "Finland", "  ")
    game = actions_surrender.record_defection_check(game, "Finland", "", roll=True)
    check = game.nation("Finland").defection.checks[-1]
    assert check.source == "rolled" and 1 <= check.die <= 6
