"""The French wizard's colony dice by e-mail (issue 35 part 4), played as the players meet them: nobody else sees a
real die rolled, so the die box takes no typed die until both players agreed, each on his own computer ("Agree to
typed dice"); it offers Roll (the game's next fair die) and says why.  At one table a die is typed as before."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QLineEdit, QWizard

from awaw_desktop.core.awaw.common import Edition
from awaw_desktop.core.record import fair_dice, pbem
from awaw_desktop.core.record.keys import play_as

from .helpers import click, find, text
from .test_french_wizard import EXAMPLE, make_store, press
from .test_french_wizard_email_dice import ANN, BOB, _one_table_afterwards, email_store, to_the_colonies

NEXT = QWizard.WizardButton.NextButton
FINISH = QWizard.WizardButton.FinishButton
__all__ = ["_one_table_afterwards"]   # the fixture: one table again after each test


def type_die(qtbot, wizard, name, digit):
    box = find(wizard, f"{name} die", QLineEdit)
    box.setFocus()
    qtbot.keyClicks(box, digit)
    return box


def test_a_typed_die_waits_for_both_players_agreement_each_on_his_computer(qtbot):
    store = email_store(files=3)   # this computer: the Axis player's
    wizard = to_the_colonies(qtbot, store)
    box = type_die(qtbot, wizard, "Lebanon-Syria", "6")
    assert box.isReadOnly() and box.text() == ""
    assert "neither player has agreed yet" in text(wizard, "Lebanon-Syria typed die")
    assert text(wizard, "Lebanon-Syria typed die").startswith("Press Roll: this game is played by e-mail")
    assert find(wizard, "Roll the Lebanon-Syria die", QAbstractButton).isEnabled()
    click(qtbot, wizard, "Agree to typed dice (Lebanon-Syria die)")
    assert "Your agreement is recorded" in text(wizard, "Lebanon-Syria typed die")
    entry = store.session.record.entries[-1]
    assert entry.data == {"agreement": pbem.TYPED_DICE} and entry.author == "axis"
    assert store.session.record.signature_problem() is None
    assert type_die(qtbot, wizard, "Lebanon-Syria", "6").text() == ""   # the Allied player has not agreed yet
    assert "the Allied player has not agreed yet" in text(wizard, "French North Africa typed die")
    wizard.close()

    play_as(BOB)   # the file on the Allied player's computer, his wizard open at the same page
    wizard = to_the_colonies(qtbot, store)
    click(qtbot, wizard, "Agree to typed dice (French North Africa die)")
    assert text(wizard, "French North Africa typed die") == ("Both players agreed: a die may be typed from a real "
                                                             "die.")
    assert not find(wizard, "Agree to typed dice (Lebanon-Syria die)", QAbstractButton).isVisible()
    assert type_die(qtbot, wizard, "Lebanon-Syria", "6").text() == "6"
    assert type_die(qtbot, wizard, "French North Africa", "2").text() == "2"
    assert text(wizard, "Lebanon-Syria die source") == "typed in"
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, FINISH)
    assert [(roll.value, roll.source) for roll in store.session.dice] == [(6, "typed"), (2, "typed")]
    record = store.session.record
    assert fair_dice.problem(record) is None and record.signature_problem() is None
    play_as(ANN)


def test_at_one_table_a_die_is_typed_as_before(qtbot):
    from .test_french_wizard import choose, open_wizard

    store = make_store(Edition.UPDATED, **EXAMPLE)
    wizard = open_wizard(qtbot, store)
    wizard.asks_before_discarding = False
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "No Vichy France")
    press(qtbot, wizard, NEXT)
    assert type_die(qtbot, wizard, "Lebanon-Syria", "5").text() == "5"
    assert not find(wizard, "Agree to typed dice (Lebanon-Syria die)", QAbstractButton).isVisible()
    assert not find(wizard, "Lebanon-Syria typed die").isVisible()
