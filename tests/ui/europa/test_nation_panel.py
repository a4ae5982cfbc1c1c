"""The Europa nation panel driven as players drive it: buttons, typed passphrases, the cover screen."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPlainTextEdit, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import card_name
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
from tests.ui.helpers import find, tick, type_number

AXIS_WORDS, ALLIED_WORDS = "olive branch", "red barn"


@pytest.fixture
def panel(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jun II 43"), cost_log2=10), "Italy")
    holder = EuropaGameHolder(game)
    widget = NationPanel(holder, "Italy")
    qtbot.addWidget(widget)
    widget.show()
    return widget


def press(qtbot, root, text):
    buttons = [b for b in root.findChildren(QPushButton) if b.text() == text and b.isVisible()]
    assert len(buttons) == 1, f"no single visible button {text!r}"
    assert buttons[0].isEnabled(), f"{text!r} is disabled"
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


def label(root, name):
    widget = find(root, name, QLabel)
    return widget.text()


def give_passphrase(qtbot, panel, side, words, again=None):
    assert f"Hand the laptop to the {side} player" in label(panel, "Cover screen")
    press(qtbot, panel, f"I am the {side} player")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), words)
    confirm = find(panel, "Passphrase again", QLineEdit)
    if confirm.isVisible():
        qtbot.keyClicks(confirm, words if again is None else again)
    press(qtbot, panel, "OK")


def draw_sealed(qtbot, panel):
    press(qtbot, panel, "Draw a sealed card")
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)


def end_turns(panel, count):
    for _ in range(count):
        panel.holder.apply("End the turn", lambda game: actions.end_turn(game)[0])


def open_sealed(qtbot, panel):
    press(qtbot, panel, "Open the envelope (Allied)")
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    card = label(panel, "Private view")
    press(qtbot, panel, "Hide it")
    return card


def test_a_sealed_draw_is_opened_behind_the_cover_screen(qtbot, panel):
    draw_sealed(qtbot, panel)
    assert label(panel, "Envelope stage").startswith("Sealed: nobody has seen the card")
    assert find(panel, "Open the envelope (Allied)", QPushButton).isEnabled()
    end_turns(panel, 1)
    press(qtbot, panel, "Open the envelope (Allied)")
    assert not panel.public.isEnabled()                     # nothing else while the laptop changes hands
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    private = label(panel, "Private view")
    code = panel.holder.game.nation("Italy").envelope
    assert private and code.card == ""                       # the card is in the private view only
    assert private.split(":")[0] not in label(panel, "Envelope stage")
    press(qtbot, panel, "Hide it")
    assert label(panel, "Private view") == "" and panel.public.isEnabled()
    assert "Opened: seen by the opener" in label(panel, "Envelope stage")
    assert "In effect from: Aug I 1943" in label(panel, "Envelope dates")
    assert "To be shown to both sides by: Oct I 1943; To be discarded: Feb I 1944" in label(panel, "Envelope dates")


def test_a_wrong_passphrase_opens_nothing(qtbot, panel):
    draw_sealed(qtbot, panel)
    press(qtbot, panel, "Open the envelope (Allied)")
    give_passphrase(qtbot, panel, "Axis", "not the one")
    assert "That is not the Axis passphrase" in label(panel, "Passphrase problem")   # before the Allied turn
    assert label(panel, "Envelope stage").startswith("Sealed")


def test_passphrases_typed_twice_must_agree(qtbot, panel):
    press(qtbot, panel, "Draw a sealed card")
    give_passphrase(qtbot, panel, "Axis", AXIS_WORDS, again="olive brunch")
    assert "differ" in label(panel, "Passphrase problem")
    assert panel.holder.game.nation("Italy").envelope is None


def test_the_card_is_shown_to_both_on_its_date(qtbot, panel):
    draw_sealed(qtbot, panel)
    card = open_sealed(qtbot, panel)
    end_turns(panel, 6)
    assert "due to be shown" in label(panel, "Envelope stage")
    press(qtbot, panel, "Show the card to both sides")
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert label(panel, "Envelope stage").startswith("Shown to both sides") and card in label(panel, "Envelope stage")


def add_rome(qtbot, panel):
    qtbot.keyClicks(find(panel, "Unit name", QLineEdit), "Rome garrison")
    units = find(panel, "Unit REs", QLineEdit)
    units.clear()
    qtbot.keyClicks(units, "2")
    tick(qtbot, panel, "In the capital")
    tick(qtbot, panel, "In a major city hex")
    press(qtbot, panel, "Add unit")


def test_an_re_count_with_its_breakdown(qtbot, panel):
    add_rome(qtbot, panel)
    assert "Rome garrison: 2 REs" in panel.count_form.roster.item(0).text()
    type_number(qtbot, panel, "TF hits", 3)
    press(qtbot, panel, "Count REs")
    assert "REs of forces: 8" in label(panel, "RE count result")
    assert "Naval losses: 3" in label(panel, "RE count result")
    breakdown = find(panel, "RE count breakdown", QPlainTextEdit).toPlainText()
    assert "Rome garrison x2 in the capital = 4 (56.E modifiers)" in breakdown
    assert "Rome garrison x2 in a major city hex = 8 (56.E modifiers)" in breakdown


def test_a_bad_re_size_is_refused_and_nothing_is_lost(qtbot, panel):
    qtbot.keyClicks(find(panel, "Unit name", QLineEdit), "Odd")
    units = find(panel, "Unit REs", QLineEdit)
    units.clear()
    qtbot.keyClicks(units, "1/3")
    press(qtbot, panel, "Add unit")
    assert "whole numbers and halves" in label(panel, "RE count message")
    assert panel.holder.game.nation("Italy").roster == ()


def test_the_allied_side_counts_only_after_opening_and_shows_the_card(qtbot, panel):
    add_rome(qtbot, panel)
    requested = find(panel, "Requested by", QComboBox)
    requested.setCurrentIndex(requested.findData("allied"))
    press(qtbot, panel, "Count REs")
    assert "only after opening the card drawn for it" in label(panel, "RE count message")
    draw_sealed(qtbot, panel)
    card = open_sealed(qtbot, panel)
    end_turns(panel, 2)
    press(qtbot, panel, "Count REs")
    give_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert label(panel, "Envelope stage").startswith("Shown to both sides")
    assert card.split(":")[0] in label(panel, "Envelope stage")
    assert panel.holder.game.nation("Italy").envelope.card
    assert card_name(panel.holder.game.nation("Italy").envelope.card) == card.split(":")[0]
    assert "REs of forces" in label(panel, "RE count result")


def test_a_paper_envelope_keeps_the_dates(qtbot, panel):
    press(qtbot, panel, "Draw a paper card")
    press(qtbot, panel, "Open the envelope (Allied)")
    end_turns(panel, 6)
    qtbot.keyClicks(find(panel, "Card from the paper envelope", QLineEdit), "2 of clubs")
    press(qtbot, panel, "Show the card to both sides")
    assert "2 of clubs: RP pool losses count 2 RPs more" in label(panel, "Envelope stage")
    assert not panel.holder.undo_stack.canUndo()           # both sides saw the card: it stays shown
    assert "cannot be undone" in label(panel, "Envelope message")


def test_losses_typed_stay_when_the_game_changes(qtbot, panel):
    ground = find(panel, "Ground losses (REs)", QLineEdit)
    ground.clear()
    qtbot.keyClicks(ground, "3 1/2")
    qtbot.keyClick(ground, Qt.Key.Key_Return)
    press(qtbot, panel, "Draw a paper card")
    assert find(panel, "Ground losses (REs)", QLineEdit).text() == "3 1/2"
    assert panel.holder.game.nation("Italy").losses.ground_res == 3.5


def test_operational_limits_show_where_they_bite(qtbot):
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), cost_log2=10)
    for name in ("Hungary", "Rumania"):
        game = actions.add_nation(game, name)
    holder = EuropaGameHolder(game)
    hungary = NationPanel(holder, "Hungary")
    qtbot.addWidget(hungary)
    hungary.show()
    assert "weather zones C, D, G. (56.C)" in label(hungary, "Restrictions")
    assert "may not stack together" in label(hungary, "Restrictions")
    holder.apply("Rumania defects", lambda g: actions.defect(g, "Rumania", []))
    assert "may not stack together" not in label(hungary, "Restrictions")
