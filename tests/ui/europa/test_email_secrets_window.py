"""In the window, as the players meet it: by e-mail a paper envelope or a draw at one table waits for both players'
agreement, each recorded on his own computer (issue 35 part 4); the passphrase prompt never compares a new
passphrase with the other side's, and refuses one word said again and the game's own words (issue 37)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QMessageBox, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.envelope import REAL_DECK, SEALED_DRAW
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record import pbem
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.europa.test_envelope_secrecy_at_the_table import hungary, type_passphrase
from tests.ui.helpers import find, press


@pytest.fixture
def players():
    axis, allied = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    record = take_side(take_side(game.record, axis, "axis", "Jul I 1943"), allied, "allied", "Jul I 1943")
    yield axis, allied, gamefile.dumps("europa", replace(game, record=record))
    play_as(None)


def computer(qtbot, keys, raw):
    play_as(keys)
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(gamefile.loads(raw).game, None)
    window.show()
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Hungary")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    return window, window.tabs.widget(index)


def label(panel, name):
    return find(panel, name, QLabel).text()


def button(panel, text):
    return find(panel, text, QPushButton)


def test_a_paper_card_by_e_mail_waits_until_both_players_agreed_each_on_his_computer(qtbot, players):
    axis, allied, raw = players
    window, panel = computer(qtbot, axis, raw)
    paper = button(panel, "Draw a paper card")
    assert not paper.isEnabled()
    assert "need both players' agreement" in paper.toolTip() and "neither player has agreed yet" in paper.toolTip()
    assert not button(panel, "Draw a sealed card").isVisible()
    press(qtbot, panel, "Agree to paper envelopes")
    assert "Your agreement is recorded and signed" in label(panel, "Envelope message")
    entry = window.game.record.entries[-1]
    assert entry.data == {"agreement": pbem.PAPER_ENVELOPES} and entry.author == "axis"
    assert window.game.record.signature_problem() is None
    assert not button(panel, "Draw a paper card").isEnabled()
    assert not button(panel, "Agree to paper envelopes").isEnabled()   # his part is done
    assert "the Allied player has not agreed yet" in button(panel, "Draw a paper card").toolTip()
    with pytest.raises(Exception, match="the Allied player has not agreed yet"):
        actions.draw_paper_envelope(window.game, "Hungary")   # and the core refuses it as the window does

    window, panel = computer(qtbot, allied, gamefile.dumps("europa", window.game))
    assert button(panel, "Agree to paper envelopes").isEnabled()
    press(qtbot, panel, "Agree to paper envelopes")
    assert "Both players agreed" in label(panel, "Envelope message")
    assert not button(panel, "Agree to paper envelopes").isVisible()
    assert button(panel, "Draw a paper card").isEnabled()
    press(qtbot, panel, "Draw a paper card")
    assert window.game.nation("Hungary").envelope.mode == REAL_DECK
    assert button(panel, "Open the envelope (Allied)").isVisible()   # a paper envelope is opened at the table
    # The draws at one table are still not agreed: the sealed draw stays away.
    assert button(panel, "Agree to draws at one table").isVisible()


def test_a_draw_at_one_table_by_e_mail_is_offered_once_both_agreed(qtbot, players):
    axis, allied, raw = players
    window, panel = computer(qtbot, axis, raw)
    press(qtbot, panel, "Agree to draws at one table")
    window, panel = computer(qtbot, allied, gamefile.dumps("europa", window.game))
    assert not button(panel, "Draw a sealed card").isVisible()
    press(qtbot, panel, "Agree to draws at one table")
    assert button(panel, "Draw a sealed card").isVisible() and button(panel, "Draw a sealed card").isEnabled()
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", "olive branch grove")
    type_passphrase(qtbot, panel, "Allied", "red barn door")
    assert window.game.nation("Hungary").envelope.mode == SEALED_DRAW


@pytest.fixture
def table(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(game, None)
    window.show()
    return window


def test_the_allied_passphrase_is_never_compared_with_the_axis_one(qtbot, table):
    """Before, the Allied player typing the Axis passphrase read "the other side's passphrase": one guess per draw
    at the passphrase that, at one table, is the consent to open."""
    panel = hungary(qtbot, table)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", "olive branch grove")
    type_passphrase(qtbot, panel, "Allied", "olive branch grove")
    assert "other side" not in label(panel, "Envelope message")
    assert table.game.nation("Hungary").envelope is not None   # taken: nothing told him it was the Axis one


@pytest.mark.parametrize("typed, why", [
    ("panzer panzer", "one word or part said again"),
    ("axis hungary tiger 1943", "the game's own words"),
    ("queen of hearts", "the game's own words"),
])
def test_a_passphrase_of_one_word_again_or_of_the_game_s_own_words_is_refused_as_typed(qtbot, table, typed, why):
    panel = hungary(qtbot, table)
    press(qtbot, panel, "Draw a sealed card")
    press(qtbot, panel, "I am the Axis player")
    for box in ("Passphrase", "Passphrase again"):
        qtbot.keyClicks(find(panel, box, QLineEdit), typed)
    press(qtbot, panel, "OK")
    assert why in label(panel, "Passphrase problem")
    assert table.game.nation("Hungary").envelope is None


def test_a_typed_surrender_die_by_e_mail_is_refused_with_the_reason_and_roll_for_me_works(qtbot):
    """The surrender box still shows "Record the typed die": by e-mail the core refuses it, saying why, and
    "Roll for me" takes the game's next fair die."""
    from tests.ui.europa.test_fair_dice_boxes import axis_panel
    from tests.ui.helpers import type_number

    panel = axis_panel(qtbot, files=3)
    type_number(qtbot, panel, "Die", 6)
    press(qtbot, panel, "Record the typed die")
    assert "is refused: this game is played by e-mail" in label(panel, "Surrender message")
    assert "neither player has agreed yet" in label(panel, "Surrender message")
    assert panel.holder.game.nation("Italy").surrender.rolls == ()
    press(qtbot, panel, "Roll for me")
    assert panel.holder.game.nation("Italy").surrender.rolls[-1].source == "rolled"
    play_as(None)
