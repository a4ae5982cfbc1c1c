"""The French wizard's Roll button in play by e-mail (issue 31 part 4): on the Axis player's computer it takes the
game's next fair die (core/record/fair_dice), says so when the Allied player's file has not revealed his part yet,
and the dice it drew are in the record before the surrender that used them; undo never gives a die back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QAbstractButton, QLineEdit, QWizard

from awaw_desktop.core.awaw.common import Edition
from awaw_desktop.core.record import fair_dice
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side

from .helpers import click, find, text
from .test_french_wizard import EXAMPLE, choose, make_store, open_wizard, press

NEXT = QWizard.WizardButton.NextButton
FINISH = QWizard.WizardButton.FinishButton
ANN, BOB = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")   # Ann plays the Axis


@pytest.fixture(autouse=True)
def _one_table_afterwards():
    yield
    play_as(None)
    fair_dice.forget_drawn()


def email_store(files: int):
    """A game both players took a side in, then ``files`` files sent each way in turn (Axis first)."""
    store = make_store(Edition.UPDATED, **EXAMPLE)
    turn = store.session.turn.title
    record = take_side(take_side(store.session.record, ANN, "axis", turn), BOB, "allied", turn)
    for index in range(files):
        play_as((ANN, BOB)[index % 2])
        record = record.append("event", turn, "Send turn")
    play_as(ANN)   # this computer is the Axis player's
    store.session.record = record
    return store


def to_the_colonies(qtbot, store):
    wizard = open_wizard(qtbot, store)
    wizard.asks_before_discarding = False
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "No Vichy France")
    press(qtbot, wizard, NEXT)
    return wizard


def test_roll_says_there_is_no_die_until_the_allied_file_reveals_his_part(qtbot):
    wizard = to_the_colonies(qtbot, email_store(files=1))   # the Allies have committed nothing yet
    click(qtbot, wizard, "Roll the Lebanon-Syria die")
    assert text(wizard, "Lebanon-Syria die problem") == ("Not rolled: no die left to roll until the Allied player's "
                                                        "next file: wait, or type a real die, once both players "
                                                        "agreed to typed dice.")
    assert find(wizard, "Lebanon-Syria die", QLineEdit).text() == ""
    assert find(wizard, "Roll the Lebanon-Syria die", QAbstractButton).isEnabled()   # it may be pressed again
    assert find(wizard, "Lebanon-Syria die", QLineEdit).isReadOnly()   # typing waits for both players' agreement
    assert not wizard.button(NEXT).isEnabled()


def test_roll_takes_the_games_next_fair_dice_and_the_record_keeps_them(qtbot):
    store = email_store(files=3)
    dice, _ = fair_dice.read(store.session.record)
    game_id = store.session.record.game_id
    expected = [fair_dice.face(game_id, k, dice.element("axis", k), dice.element("allied", k)) for k in (1, 2)]
    wizard = to_the_colonies(qtbot, store)
    click(qtbot, wizard, "Roll the Lebanon-Syria die")
    click(qtbot, wizard, "Roll the French North Africa die")
    assert [find(wizard, f"{name} die", QLineEdit).text() for name in ("Lebanon-Syria", "French North Africa")] == \
        [str(value) for value in expected]
    assert text(wizard, "Lebanon-Syria die source") == "rolled by the app (kept)"
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, FINISH)
    record = store.session.record
    drawn = [entry for entry in record.entries if entry.kind == "die" and "fair_dice" in entry.data]
    facts = [entry.data["fair_dice"] for entry in drawn]
    assert [(fact["draw"], fact["value"]) for fact in facts] == [(1, expected[0]), (2, expected[1])]
    assert [(roll.value, roll.source) for roll in store.session.dice] == [(value, "rolled") for value in expected]
    assert fair_dice.problem(record) is None and record.signature_problem() is None and record.problem() is None
    # Undo keeps both dice used: the surrender walked again rolls dice 3 and 4.
    store.undo_stack.undo()
    wizard = to_the_colonies(qtbot, store)
    click(qtbot, wizard, "Roll the Lebanon-Syria die")
    again = fair_dice.read(store.session.record)[0]
    third = fair_dice.face(game_id, 3, again.element("axis", 3), again.element("allied", 3))
    assert find(wizard, "Lebanon-Syria die", QLineEdit).text() == str(third)
